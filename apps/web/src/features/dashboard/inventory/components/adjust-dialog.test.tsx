import { inventoryPage, validation } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { AdjustDialog } from "./adjust-dialog";

const VARIANT = "a1a1a1a1a1a1a1a1a1a1a1a1";

function renderDialog() {
  const stub = stubApi({});
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: "/",
        element: <AdjustDialog variantId={VARIANT} label="Trail Tee (Size: M)" stock={4} onClose={onClose} />,
      },
    ],
    "/",
  );
  return { ...stub, onClose };
}

describe("the stock adjustment dialog", () => {
  it("says the change's limits before they bite: no more taken away than the 4 in stock", async () => {
    renderDialog();
    const change = await screen.findByRole("spinbutton", { name: inventoryPage.change });
    expect(change).toHaveAccessibleDescription(`${inventoryPage.changeHint(4)} From -4 to 1,000,000.`);
    expect(change).toHaveAttribute("min", "-4");
    expect(change).toHaveAttribute("max", "1000000");
  });

  it("refuses a change of 2.5 at its field with 'Enter a whole number.', sending nothing", async () => {
    const { requests, onClose } = renderDialog();
    const change = await screen.findByRole("spinbutton", { name: inventoryPage.change });
    await userEvent.type(change, "2.5");
    await userEvent.click(screen.getByRole("button", { name: inventoryPage.save }));

    expect(change).toHaveAccessibleDescription(expect.stringContaining(validation.wholeNumber));
    expect(change).toHaveAttribute("aria-invalid", "true");
    expect(change).toHaveFocus();
    expect(requests).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
