import { messageLog } from "@shop/shared/messages";
import type { MessageDto } from "@shop/shared/schemas/whatsapp";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OrderPage } from "#web/features/dashboard/orders/order-page";
import { formatDateTime } from "#web/lib/dates";
import { holdAnswers, stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { MessageLog } from "./message-log";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER_ID = paidOrder._id;

/** A WhatsApp message its shopper read, and the COD question that never reached them. */
const read: MessageDto = {
  _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
  channel: "whatsapp",
  event: "shipped",
  to: "919876543210",
  state: "read",
  sentAt: "2026-11-21T10:00:05.000Z",
  deliveredAt: "2026-11-21T10:00:09.000Z",
  readAt: "2026-11-21T10:04:00.000Z",
  error: null,
  createdAt: "2026-11-21T10:00:00.000Z",
};
const failed: MessageDto = {
  _id: "e2e2e2e2e2e2e2e2e2e2e2e2",
  channel: "whatsapp",
  event: "codConfirm",
  to: "919812345678",
  state: "failed",
  sentAt: "2026-11-20T09:31:00.000Z",
  deliveredAt: null,
  readAt: null,
  error: "(#131026) Message Undeliverable",
  createdAt: "2026-11-20T09:30:30.000Z",
};
/** The email that went in its place. */
const email: MessageDto = {
  _id: "e3e3e3e3e3e3e3e3e3e3e3e3",
  channel: "email",
  event: "orderCodConfirmed",
  to: "priya@example.com",
  state: "sent",
  sentAt: "2026-11-20T09:32:00.000Z",
  deliveredAt: null,
  readAt: null,
  error: null,
  createdAt: "2026-11-20T09:31:30.000Z",
};

function renderLog(filter: { order?: string; customer?: string }) {
  renderRoutes([{ path: "/", element: <MessageLog filter={filter} /> }], "/");
}

/** A message's row, found by what it was sent to. */
function item(to: string) {
  const row = screen.getByText(to).closest("li");
  if (!row) throw new Error(`No message to ${to}`);
  return row;
}

/** A row's state as its badge says it to screen readers: "Status: Read". */
const stateOf = (row: HTMLElement) => within(row).getByText("Status:").parentElement?.textContent;
/** What a row's message was about. */
const eventOf = (row: HTMLElement) => row.querySelector("p")?.textContent;
/** When a row's message reached a step ("Sent", "Read"...), as its time element gives it. */
const when = (row: HTMLElement, step: string) =>
  within(row)
    .queryByText(step, { selector: "dt" })
    ?.nextElementSibling?.querySelector("time")
    ?.getAttribute("datetime");

describe("the message log of an order or a customer", () => {
  it("lists each message with its channel, event, recipient, state, times, and a failure's error", async () => {
    const { requests } = stubApi({ "GET /api/messages": { data: { items: [read, email, failed] } } });
    renderLog({ order: ORDER_ID });

    const list = await screen.findByRole("list", { name: messageLog.title });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(requests[0]?.query.get("order")).toBe(ORDER_ID);

    const shipped = item(read.to);
    expect(within(shipped).getByText(messageLog.channels.whatsapp)).toBeVisible();
    expect(eventOf(shipped)).toBe(messageLog.events.shipped);
    expect(stateOf(shipped)).toBe(`Status: ${messageLog.states.read}`);
    expect(when(shipped, messageLog.queuedAt)).toBe(read.createdAt);
    expect(when(shipped, messageLog.sentAt)).toBe(read.sentAt);
    expect(when(shipped, messageLog.deliveredAt)).toBe(read.deliveredAt);
    expect(when(shipped, messageLog.readAt)).toBe(read.readAt);
    expect(within(shipped).getByText(formatDateTime(read.readAt ?? ""))).toBeVisible();
    expect(within(shipped).queryByText(new RegExp(messageLog.error))).toBeNull();

    const undelivered = item(failed.to);
    expect(eventOf(undelivered)).toBe(messageLog.events.codConfirm);
    expect(stateOf(undelivered)).toBe(`Status: ${messageLog.states.failed}`);
    expect(within(undelivered).getByText(`${messageLog.error}: ${failed.error}`)).toBeVisible();
    // Neither delivered nor read: only the times it has.
    expect(when(undelivered, messageLog.sentAt)).toBe(failed.sentAt);
    expect(when(undelivered, messageLog.deliveredAt)).toBeUndefined();
    expect(when(undelivered, messageLog.readAt)).toBeUndefined();

    // The email that went in its place, in the Emails pages' words.
    const byEmail = item(email.to);
    expect(within(byEmail).getByText(messageLog.channels.email)).toBeVisible();
    expect(eventOf(byEmail)).toBe("Cash on delivery: confirm the order");
    expect(stateOf(byEmail)).toBe(`Status: ${messageLog.states.sent}`);
  });

  it("shows greyed rows while the messages load", async () => {
    stubApi({ "GET /api/messages": { data: { items: [read] } } });
    const held = holdAnswers("/api/messages");
    renderLog({ customer: "1b1b1b1b1b1b1b1b1b1b1b1b" });

    expect(screen.getByRole("status", { name: messageLog.loading })).toBeInTheDocument();
    await waitFor(() => expect(held.asked).toBe(1));
    held.release();
    expect(await screen.findByRole("list", { name: messageLog.title })).toBeVisible();
    expect(screen.queryByRole("status", { name: messageLog.loading })).toBeNull();
  });

  it("says there are no messages yet", async () => {
    const { requests } = stubApi({ "GET /api/messages": { data: { items: [] } } });
    renderLog({ customer: "1b1b1b1b1b1b1b1b1b1b1b1b" });

    expect(await screen.findByText(messageLog.empty)).toBeVisible();
    expect(screen.queryByRole("list", { name: messageLog.title })).toBeNull();
    expect(requests[0]?.query.get("customer")).toBe("1b1b1b1b1b1b1b1b1b1b1b1b");
  });

  it("shows the server's message when the messages cannot be read", async () => {
    stubApi({ "GET /api/messages": { status: 500 } });
    renderLog({ order: ORDER_ID });

    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${messageLog.failed}`);
  });

  it("is a section of the order page, asked for with the order's id", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${ORDER_ID}`]: { data: paidOrder },
      "GET /api/messages": { data: { items: [read] } },
    });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
      `/dashboard/orders/order/${ORDER_ID}`,
    );

    const section = await screen.findByRole("heading", { name: messageLog.title });
    const card = section.closest("section");
    if (!card) throw new Error("No messages section");
    expect(await within(card).findByText(read.to)).toBeVisible();
    expect(requests.find((request) => request.path === "/api/messages")?.query.get("order")).toBe(ORDER_ID);
  });
});
