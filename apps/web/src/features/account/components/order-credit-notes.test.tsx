import { documents } from "@shop/shared/messages";
import type { OrderDto, RefundDto } from "@shop/shared/schemas/order";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "../order-page";

const ORDER_ID = paidOrder._id;

function refund(id: string, creditNoteNumber: string, amount: number): RefundDto {
  return {
    _id: id,
    amount,
    reason: "Wrong size",
    at: paidOrder.createdAt,
    by: { name: "Asha Admin", role: "admin" },
    providerRefundId: `re_${id}`,
    reference: null,
    creditNoteNumber,
    moneyBack: true,
    restock: [],
    lines: [],
  };
}

const FIRST = refund("3d3d3d3d3d3d3d3d3d3d3d3d", "CN/2026-27/000001", 10);
const SECOND = refund("4e4e4e4e4e4e4e4e4e4e4e4e", "CN/2026-27/000004", 25.5);

function withRefunds(refunds: RefundDto[]): OrderDto {
  const payment = paidOrder.payment;
  if (!payment) throw new Error("the fixture is paid");
  return {
    ...paidOrder,
    payment: {
      ...payment,
      status: "partially_refunded",
      refundedAmount: refunds.reduce((sum, { amount }) => sum + amount, 0),
      refunds,
    },
  };
}

function renderOrder(order: OrderDto) {
  const stub = stubApi({ [`GET /api/orders/current-user/${ORDER_ID}`]: { data: order } });
  renderRoutes([{ path: "/account/orders/:orderId", element: <OrderPage /> }], `/account/orders/${ORDER_ID}`);
  return stub;
}

let createObjectURL: ReturnType<typeof vi.fn>;
beforeEach(() => {
  createObjectURL = vi.fn(() => "blob:credit-note");
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the shopper's credit notes", () => {
  it("lists a download of each refund's credit note on the order page, as the invoice's", async () => {
    renderOrder(withRefunds([FIRST, SECOND]));

    const section = await screen.findByRole("region", { name: documents.creditNotes });
    const links = within(section).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [
        documents.downloadCreditNote("CN/2026-27/000001"),
        `/api/orders/${ORDER_ID}/credit-notes/${FIRST._id}.pdf`,
      ],
      [
        documents.downloadCreditNote("CN/2026-27/000004"),
        `/api/orders/${ORDER_ID}/credit-notes/${SECOND._id}.pdf`,
      ],
    ]);
    // The order's own currency, as every amount of it.
    expect(within(section).getByText(/\$25\.50/)).toBeVisible();
    expect(screen.getByRole("link", { name: documents.downloadInvoice })).toBeVisible();
  });

  it("saves the credit note the server makes under its name", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderOrder(withRefunds([FIRST]));
    const link = await screen.findByRole("link", {
      name: documents.downloadCreditNote("CN/2026-27/000001"),
    });
    const pdf = vi.fn(
      async () =>
        new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "content-type": "application/pdf",
            "content-disposition": 'attachment; filename="credit-note-CN-2026-27-000001.pdf"',
          },
        }),
    );
    vi.stubGlobal("fetch", pdf);
    // NOTE: HTMLAnchorElement's click() is spied on (it is how the file is saved), so the press is an event.
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await waitFor(() => expect(saved).toEqual(["credit-note-CN-2026-27-000001.pdf"]));
    expect(pdf).toHaveBeenCalledWith(`/api/orders/${ORDER_ID}/credit-notes/${FIRST._id}.pdf`, {
      credentials: "same-origin",
    });
  });

  it("shows no credit notes while nothing was refunded", async () => {
    renderOrder(paidOrder);
    expect(await screen.findByRole("link", { name: documents.downloadInvoice })).toBeVisible();
    expect(screen.queryByRole("region", { name: documents.creditNotes })).not.toBeInTheDocument();
  });
});
