import { storeCreditStaff } from "@shop/shared/messages";
import type { StoreCreditDto } from "@shop/shared/schemas/store-credit";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { CustomerStoreCredit } from "./customer-store-credit";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const USER = "b1b1b1b1b1b1b1b1b1b1b1b1";

const credit: StoreCreditDto = {
  balance: 250,
  entries: [
    {
      _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
      amount: 250,
      balanceAfter: 250,
      kind: "adjustment",
      order: null,
      reason: "Goodwill for a late parcel",
      at: "2026-03-06T10:00:00.000Z",
    },
  ],
};

describe("a customer's store credit on the dashboard", () => {
  it("says, once the balance is in, the most that can be removed: credit never goes below nothing", async () => {
    stubApi({ [`GET /api/users/${USER}/store-credit`]: { data: credit } });
    renderRoutes([{ path: "/", element: <CustomerStoreCredit userId={USER} /> }], "/");
    const amount = screen.getByRole("spinbutton", { name: storeCreditStaff.amountLabel });

    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        `${storeCreditStaff.amountHint} ${storeCreditStaff.amountMost("$250.00")}`,
      ),
    );
    expect(amount).toHaveAttribute("min", "-250");
  });
});
