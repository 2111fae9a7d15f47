import { disputeWords, empty } from "@shop/shared/messages";
import type { DisputeDto } from "@shop/shared/schemas/dispute";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { DisputesPage, type DisputesView } from "./disputes-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const DAY_MS = 24 * 60 * 60 * 1000;

/** An open Razorpay chargeback of ₹500.00, to be answered in `days` days. */
function disputeDue(days: number, changes: Partial<DisputeDto> = {}): DisputeDto {
  return {
    _id: "d1d1d1d1d1d1d1d1d1d1d1d1",
    payment: "a1a1a1a1a1a1a1a1a1a1a1a1",
    transactionId: "pay_Fake0000000001",
    order: "c1c1c1c1c1c1c1c1c1c1c1c1",
    orderNumber: 1042,
    provider: "razorpay",
    providerDisputeId: "disp_Fake000000001",
    amount: 500,
    currency: "INR",
    reason: "chargeback_fraudulent",
    reasonText: "The cardholder says they did not make this payment.",
    phase: "chargeback",
    state: "open",
    respondBy: new Date(Date.now() + days * DAY_MS).toISOString(),
    evidence: null,
    resolvedAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...changes,
  };
}

function renderDisputes(view: DisputesView, routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  renderRoutes(
    [
      { path: "/dashboard/disputes/*", element: <DisputesPage view={view} /> },
      { path: "/dashboard/orders/order/:id", element: <p>Order page</p> },
    ],
    "/dashboard/disputes/x",
  );
  return stub;
}

afterEach(() => {
  vi.mocked(toast.success).mockClear();
});

describe("the disputes pages", () => {
  it("lists the open ones with their order, amount, reason, phase, state and deadline, flagging one due soon", async () => {
    const soon = disputeDue(2);
    const later = disputeDue(20, {
      _id: "d2d2d2d2d2d2d2d2d2d2d2d2",
      order: "c2c2c2c2c2c2c2c2c2c2c2c2",
      orderNumber: 1043,
      state: "under_review",
      phase: "pre_arbitration",
      amount: 1249.5,
    });
    const { requests } = renderDisputes("open", { "GET /api/disputes": { data: { items: [soon, later] } } });
    const table = await screen.findByRole("table", { name: disputeWords.links.open });
    // The open list asks for both states that still wait on someone.
    expect(requests.map((r) => r.query.get("state"))).toEqual(["open,under_review"]);
    const [first, second] = within(table).getAllByRole("row").slice(1);
    if (!first || !second) throw new Error("two rows expected");
    expect(within(first).getByRole("link", { name: "#1042" })).toHaveAttribute(
      "href",
      "/dashboard/orders/order/c1c1c1c1c1c1c1c1c1c1c1c1",
    );
    expect(within(first).getByText("₹500.00")).toBeVisible();
    expect(within(first).getByText(soon.reasonText)).toBeVisible();
    expect(within(first).getByText("chargeback")).toBeVisible();
    expect(within(first).getByText(disputeWords.states.open, { selector: "span" })).toHaveTextContent(
      `Status: ${disputeWords.states.open}`,
    );
    expect(within(first).getByText(disputeWords.dueSoon)).toBeVisible();
    expect(within(second).getByText("₹1,249.50")).toBeVisible();
    expect(within(second).getByText(disputeWords.states.under_review, { selector: "span" })).toBeVisible();
    expect(within(second).queryByText(disputeWords.dueSoon)).toBeNull();
    expect(within(second).queryByText(disputeWords.overdue)).toBeNull();
  });

  it("flags a deadline passed, and offers no evidence mark on a dispute that ended", async () => {
    renderDisputes("all", {
      "GET /api/disputes": {
        data: {
          items: [
            disputeDue(-1),
            disputeDue(-5, {
              _id: "d3d3d3d3d3d3d3d3d3d3d3d3",
              state: "lost",
              resolvedAt: "2026-11-27T10:00:00.000Z",
            }),
          ],
        },
      },
    });
    const table = await screen.findByRole("table", { name: disputeWords.links.all });
    const [open, lost] = within(table).getAllByRole("row").slice(1);
    if (!open || !lost) throw new Error("two rows expected");
    expect(within(open).getByText(disputeWords.overdue)).toBeVisible();
    expect(within(open).getByRole("button", { name: disputeWords.markEvidence })).toBeVisible();
    // An ended dispute's deadline no longer matters, and nothing more can be sent for it.
    expect(within(lost).queryByText(disputeWords.overdue)).toBeNull();
    expect(within(lost).queryByRole("button", { name: disputeWords.markEvidence })).toBeNull();
  });

  it("keeps SPEC's words when a list is empty", async () => {
    const { requests } = renderDisputes("closed", { "GET /api/disputes": { data: { items: [] } } });
    expect(await screen.findByText(empty.closedDisputes)).toBeVisible();
    expect(requests.map((r) => r.query.get("state"))).toEqual(["won,lost,closed"]);
  });

  it("says 'No open disputes.' when none is open", async () => {
    const { requests } = renderDisputes("open", { "GET /api/disputes": { data: { items: [] } } });
    expect(await screen.findByText(empty.openDisputes)).toBeVisible();
    // Read from the API: empty because none is open or under review, not a page that never asks.
    expect(requests.map((r) => r.query.get("state"))).toEqual(["open,under_review"]);
  });

  it("shows the server's message when the list cannot be read", async () => {
    renderDisputes("open", { "GET /api/disputes": { status: 503, message: "The database is unavailable." } });
    expect(await screen.findByText(/The database is unavailable\./)).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("marks the evidence sent with a note, then reads the list again", async () => {
    let marked: DisputeDto | null = null;
    const dispute = disputeDue(5);
    const { requests } = renderDisputes("open", {
      "GET /api/disputes": () => ({ data: { items: [marked ?? dispute] } }),
      "PATCH /api/disputes/d1d1d1d1d1d1d1d1d1d1d1d1": ({ body }: StubRequest) => {
        const { note } = body as { note: string };
        marked = { ...dispute, evidence: { sentAt: "2026-11-28T10:00:00.000Z", note, by: "Meera Iyer" } };
        return { data: marked, message: disputeWords.evidenceMarked };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: disputeWords.markEvidence }));
    const dialog = await screen.findByRole("dialog", { name: disputeWords.evidenceDialogTitle(1042) });
    await user.type(within(dialog).getByLabelText(disputeWords.note), "Courier's proof of delivery");
    await user.click(within(dialog).getByRole("button", { name: disputeWords.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(disputeWords.evidenceMarked));
    const patch = requests.find((r) => r.method === "PATCH");
    expect(patch?.body).toEqual({ evidenceSent: true, note: "Courier's proof of delivery" });
    expect(await screen.findByText("Courier's proof of delivery")).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(requests.filter((r) => r.method === "GET")).toHaveLength(2);
  });
});
