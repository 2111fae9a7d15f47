import { unmatchedPayments as words } from "@shop/shared/messages";
import type { UnmatchedPaymentDto } from "@shop/shared/schemas/payment";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { UnmatchedPaymentsPage } from "./unmatched-payments-page";

const held: UnmatchedPaymentDto = {
  _id: "d1d1d1d1d1d1d1d1d1d1d1d1",
  provider: "razorpay",
  providerPaymentId: "pay_SecondTab0001",
  amount: 2249,
  currency: "INR",
  order: "c1c1c1c1c1c1c1c1c1c1c1c1",
  orderNumber: 1042,
  reason: "second_payment",
  state: "held",
  lastError: null,
  refundedAt: null,
  createdAt: "2026-11-25T10:00:00.000Z",
};
const refunded: UnmatchedPaymentDto = {
  ...held,
  _id: "d2d2d2d2d2d2d2d2d2d2d2d2",
  providerPaymentId: "pay_AfterHold0002",
  orderNumber: 1043,
  reason: "order_closed",
  state: "refunded",
  refundedAt: "2026-11-25T10:01:00.000Z",
};

function renderPage(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  renderRoutes(
    [{ path: "/dashboard/payments/unmatched", element: <UnmatchedPaymentsPage /> }],
    "/dashboard/payments/unmatched",
  );
  return stub;
}

describe("Payments → Unmatched", () => {
  it("lists each payment no order could take with its order, reason and state", async () => {
    renderPage({ "GET /api/payments/unmatched": { data: { items: [held, refunded] } } });
    const table = await screen.findByRole("table", { name: words.title });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "#1042" })).toHaveAttribute(
      "href",
      "/dashboard/orders/order/c1c1c1c1c1c1c1c1c1c1c1c1",
    );
    expect(within(first).getByText(words.reasons.second_payment)).toBeVisible();
    expect(within(first).getByText(words.states.held)).toBeVisible();
    expect(within(first).getByText("pay_SecondTab0001")).toBeVisible();
    expect(within(first).getByRole("button", { name: words.refund })).toBeVisible();
    expect(within(second).getByText(words.states.refunded)).toBeVisible();
    expect(within(second).getByText(words.reasons.order_closed)).toBeVisible();
    // Only a held one has the action.
    expect(within(second).queryByRole("button", { name: words.refund })).toBeNull();
  });

  it("says so when there are none", async () => {
    renderPage({ "GET /api/payments/unmatched": { data: { items: [] } } });
    expect(await screen.findByText(words.empty)).toBeVisible();
  });

  it("refunds a held one after a confirmation naming the amount, and reads the list again", async () => {
    let listed = [held];
    const { requests } = renderPage({
      "GET /api/payments/unmatched": () => ({ data: { items: listed } }),
      "POST /api/payments/unmatched/d1d1d1d1d1d1d1d1d1d1d1d1/refund": () => {
        listed = [{ ...held, state: "refunded", refundedAt: "2026-11-25T10:05:00.000Z" }];
        return { data: listed[0] };
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: words.refund }));
    const dialog = await screen.findByRole("dialog", { name: words.refund });
    expect(within(dialog).getByText(/Refund ₹2,249\.00 in full/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: words.refund }));
    const table = screen.getByRole("table", { name: words.title });
    expect(await within(table).findByText(words.states.refunded)).toBeVisible();
    expect(requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/api/payments/unmatched/d1d1d1d1d1d1d1d1d1d1d1d1/refund",
    ]);
  });
});
