import { codConfirmation, orderSummary } from "@shop/shared/messages";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceSummary } from "./price-summary";

/** Two lamps at 30: 60 of items, shipping 80. */
const figures = { itemsPrice: 60, discountPrice: 20, shippingPrice: 80 };

function row(term: string | RegExp) {
  return screen.getByText(term, { selector: "dt" }).parentElement;
}

describe("the price summary", () => {
  it("adds the GST to the total when the prices do not include it (SPEC section 9)", () => {
    render(<PriceSummary {...figures} taxPrice={10.8} totalPrice={150.8} taxIncluded={false} />);

    expect(row("Tax (GST 18%)")).toHaveTextContent("$10.80");
    expect(row("Total")).toHaveTextContent("$150.80");
    expect(screen.queryByText(/^Includes/)).toBeNull();
  });

  it("says the GST the prices include under the total instead of adding a line for it", () => {
    // GST within 60 of items and 80 of shipping at 18%: 21.36 of the 140.
    render(<PriceSummary {...figures} taxPrice={21.36} totalPrice={140} taxIncluded />);

    expect(screen.queryByText("Tax (GST 18%)")).toBeNull();
    expect(row("Total")).toHaveTextContent("$140.00");
    expect(screen.getByText(orderSummary.includesTax("$21.36"))).toBeVisible();
  });

  it("takes an order's online payment discount off before the GST, and counts it in You Saved", () => {
    // 60 of items less 20 for paying online, 80 shipping, GST 18% on the 40 left: 7.20; 127.20.
    render(
      <PriceSummary
        itemsPrice={60}
        discountPrice={0}
        shippingPrice={80}
        onlineDiscount={20}
        taxPrice={7.2}
        totalPrice={127.2}
      />,
    );
    expect(row(codConfirmation.onlineDiscountLine)).toHaveTextContent("−$20.00");
    expect(row("Total")).toHaveTextContent("$127.20");
    expect(row("You Saved")).toHaveTextContent("$20.00");
  });

  it("names the shipping method beside shipping, and says Free or not known", () => {
    const { rerender } = render(
      <PriceSummary {...figures} shippingMethod="Express" taxPrice={10.8} totalPrice={150.8} />,
    );
    expect(row(/^Shipping/)).toHaveTextContent("Shipping (Express)$80.00");

    rerender(
      <PriceSummary
        {...figures}
        shippingPrice={0}
        shippingMethod="Courier"
        taxPrice={10.8}
        totalPrice={70.8}
      />,
    );
    expect(row(/^Shipping/)).toHaveTextContent(`Shipping (Courier)${orderSummary.free}`);

    rerender(<PriceSummary {...figures} shippingPrice={null} taxPrice={10.8} totalPrice={70.8} />);
    expect(row("Shipping")).toHaveTextContent("Shipping—");
  });
});
