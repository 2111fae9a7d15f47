import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { QuantitySelector, typedQuantity } from "./quantity-selector";

function Chooser({ max }: { max: number }) {
  const [value, setValue] = useState(2);
  return (
    <>
      <QuantitySelector value={value} onChange={setValue} max={max} />
      <p>Chosen: {value}</p>
    </>
  );
}

describe("the quantity selector", () => {
  it("takes a typed whole number, kept between 1 and the most allowed", () => {
    expect(typedQuantity("7", 10)).toBe(7);
    expect(typedQuantity("50", 10)).toBe(10);
    expect(typedQuantity("0", 10)).toBe(1);
    expect(typedQuantity("", 10)).toBeNull();
    expect(typedQuantity("2.5", 10)).toBeNull();
    expect(typedQuantity("-3", 10)).toBeNull();
  });

  it("says the most that may be chosen under it, and nothing when there is none to choose", () => {
    const { rerender } = render(<QuantitySelector value={2} onChange={() => {}} max={10} />);
    const field = screen.getByRole("spinbutton", { name: "Quantity" });
    expect(field).toHaveAccessibleDescription("At most 10.");
    expect(field).toHaveAttribute("max", "10");
    expect(screen.getByText("At most 10.")).toBeVisible();
    rerender(<QuantitySelector value={1} onChange={() => {}} max={0} noStock />);
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/At most/)).toBeNull();
  });

  it("can be typed as well as stepped", async () => {
    const user = userEvent.setup();
    render(<Chooser max={10} />);
    const field = screen.getByRole("spinbutton", { name: "Quantity" });
    await user.clear(field);
    await user.type(field, "7");
    expect(screen.getByText("Chosen: 7")).toBeVisible();
    await user.type(field, "5");
    // 75 is more than allowed: the field shows the most there is.
    expect(field).toHaveValue(10);
    expect(screen.getByText("Chosen: 10")).toBeVisible();
    expect(screen.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Decrease quantity" }));
    expect(field).toHaveValue(9);
  });

  it("puts the quantity back when the field is left empty", async () => {
    const user = userEvent.setup();
    render(<Chooser max={10} />);
    const field = screen.getByRole("spinbutton", { name: "Quantity" });
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue(2);
  });
});
