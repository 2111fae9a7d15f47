import type { Fulfilment, OrderStatus as Status } from "@shop/shared/constants";
import { orderStatusLabels } from "@shop/shared/messages";
import { render, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderStatus } from "./order-status";

function renderBadge(status: Status, fulfilment: Fulfilment) {
  const { container } = render(
    <OrderStatus order={{ status, fulfilment, payment: null, currency: "INR" }} />,
  );
  return within(container).getByText(/^Status:/).parentElement as HTMLElement;
}

describe("an order's status badge", () => {
  it("reads 'Partially shipped' for a processing order with some units shipped and some left", () => {
    const badge = renderBadge("processing", "partially_shipped");
    expect(badge).toHaveTextContent(/^Status: Partially shipped$/);
    // Written as the words are, not capitalised word by word.
    expect(badge).not.toHaveClass("capitalize");
    expect(badge).toHaveClass("bg-sky-50");
  });

  it("reads 'Processing' while nothing has shipped", () => {
    expect(renderBadge("processing", "unfulfilled")).toHaveTextContent(/^Status: Processing$/);
  });

  it("reads the status of an order past processing, whatever its parcels say", () => {
    expect(renderBadge("shipped", "shipped")).toHaveTextContent(`Status: ${orderStatusLabels.shipped}`);
    expect(renderBadge("refunded", "partially_shipped")).toHaveTextContent(/^Status: Refunded$/);
  });
});
