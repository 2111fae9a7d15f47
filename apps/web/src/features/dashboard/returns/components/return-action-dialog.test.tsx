import { api as apiMessages, refunds, returnWords } from "@shop/shared/messages";
import type { ReturnDto } from "@shop/shared/schemas/returns";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ReturnActionDialog } from "./return-action-dialog";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const RETURN_ID = "4e7e4e7e4e7e4e7e4e7e4e7e";
const received: ReturnDto = {
  _id: RETURN_ID,
  order: { _id: "0a0a0a0a0a0a0a0a0a0a0a0a", number: 1012 },
  user: { _id: "5e5e5e5e5e5e5e5e5e5e5e5e", name: "Asha Rao", email: "asha@example.com" },
  status: "received",
  reason: "wrong_size",
  note: "",
  message: null,
  lines: [{ line: "l1", name: "Linen shirt", options: {}, quantity: 1 }],
  amount: 1249,
  currency: "INR",
  cashOnDelivery: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
};

/** Opens the refund of the received return and confirms it; answers the dialog and its onClose. */
async function refundIt() {
  const onClose = vi.fn();
  renderRoutes(
    [{ path: "/", element: <ReturnActionDialog ret={received} action="refund" onClose={onClose} /> }],
    "/",
  );
  const dialog = await screen.findByRole("dialog");
  await userEvent.click(within(dialog).getByRole("button", { name: /^Refund/ }));
  return { dialog, onClose };
}

describe("refunding a return", () => {
  beforeEach(() => vi.mocked(toast.success).mockClear());

  it("says a refund the provider pays out later (202) is sent, in the dialog and not as a success", async () => {
    stubApi({
      // Not refunded yet: the return as it was, still received.
      [`POST /api/returns/${RETURN_ID}/refund`]: {
        status: 202,
        data: received,
        message: apiMessages.refundPending,
      },
    });
    const { dialog, onClose } = await refundIt();
    expect(await within(dialog).findByRole("status")).toHaveTextContent(apiMessages.refundPending);
    expect(toast.success).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    // The footer's Close, after the title's.
    const close = within(dialog).getAllByRole("button", { name: refunds.close }).at(-1);
    if (close) await userEvent.click(close);
    expect(onClose).toHaveBeenCalled();
  });

  it("closes with the success toast once the return is refunded (200)", async () => {
    stubApi({
      [`POST /api/returns/${RETURN_ID}/refund`]: { data: { ...received, status: "refunded" } },
    });
    const { dialog, onClose } = await refundIt();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(returnWords.stepDone(returnWords.statuses.refunded, 1012));
    expect(within(dialog).queryByRole("status")).toBeNull();
  });
});
