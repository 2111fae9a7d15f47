import { inventoryPage } from "@shop/shared/messages";
import type { InventoryRow, StockMovement } from "@shop/shared/schemas/inventory";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useSession } from "#web/lib/session";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { InventoryPage } from "./inventory-page";

const KURTA_ID = "b1b1b1b1b1b1b1b1b1b1b1b1";
const TOTE_ID = "b2b2b2b2b2b2b2b2b2b2b2b2";

const kurta: InventoryRow = {
  variantId: "c1c1c1c1c1c1c1c1c1c1c1c1",
  productId: KURTA_ID,
  productName: "Kurta",
  options: { Colour: "Blue", Size: "M" },
  sku: "KURTA-BLUE-M",
  stock: 12,
  isActive: true,
  sold30: 3,
  stockAlerts: 2,
};
/** A product without options: its one variant has no SKU of its own. */
const tote: InventoryRow = {
  variantId: "c2c2c2c2c2c2c2c2c2c2c2c2",
  productId: TOTE_ID,
  productName: "Tote bag",
  options: {},
  sku: null,
  stock: 4,
  isActive: true,
  sold30: 0,
  stockAlerts: 0,
};

function renderPage(routes: StubRoutes = {}) {
  useSession.getState().setUser(staff("manager"));
  const stub = stubApi({
    "GET /api/inventory": {
      data: [kurta, tote],
      meta: { page: 1, size: 10, pageCount: 1, total: 2 },
    },
    // The threshold falls back to the shop's default.
    "GET /api/settings": { status: 403, message: "Forbidden" },
    ...routes,
  });
  renderRoutes([{ path: "/dashboard/inventory", element: <InventoryPage /> }], "/dashboard/inventory");
  return stub;
}

/** A variant's row, found by its product's link. */
async function row(productName: string) {
  const link = await screen.findByRole("link", { name: productName });
  const tr = link.closest("tr");
  if (!tr) throw new Error(`No row for ${productName}`);
  return within(tr);
}

beforeEach(() => {
  useSession.getState().clear();
});

describe("the dashboard's inventory", () => {
  it("names each variant by its SKU and options, and a product without options by its name, never an id", async () => {
    renderPage();

    const kurtaRow = await row("Kurta");
    expect(kurtaRow.getByText("KURTA-BLUE-M")).toBeVisible();
    expect(kurtaRow.getByText("Colour: Blue · Size: M")).toBeVisible();
    const toteRow = await row("Tote bag");
    expect(toteRow.getByText(inventoryPage.noSku)).toBeVisible();
    const table = screen.getByRole("table", { name: inventoryPage.title });
    expect(table).not.toHaveTextContent(TOTE_ID);
    expect(table).not.toHaveTextContent(KURTA_ID);
  });

  it("counts the shoppers waiting for a variant to be back, and shows none as 0", async () => {
    renderPage();
    const kurtaRow = await row("Kurta");
    expect(kurtaRow.getByText(inventoryPage.waiting(2))).toHaveAttribute("title", inventoryPage.waitingHint);
    const toteRow = await row("Tote bag");
    expect(toteRow.queryByText(/waiting/)).not.toBeInTheDocument();
  });

  it("links each stock movement to its order, and a return's to the returns of its order", async () => {
    const ORDER_ID = "d1d1d1d1d1d1d1d1d1d1d1d1";
    const movement = (fields: Partial<StockMovement> & Pick<StockMovement, "_id" | "cause" | "change">) => ({
      variantId: kurta.variantId,
      stockAfter: 12,
      reason: null,
      note: null,
      by: { _id: null, name: null },
      order: null,
      return: null,
      at: "2026-11-20T10:00:00.000Z",
      ...fields,
    });
    const log: StockMovement[] = [
      movement({
        _id: "3",
        cause: "return",
        change: 1,
        order: { _id: ORDER_ID, number: 1004 },
        return: { _id: "e1e1e1e1e1e1e1e1e1e1e1e1" },
      }),
      movement({ _id: "2", cause: "placement", change: -1, order: { _id: ORDER_ID, number: 1004 } }),
      movement({ _id: "1", cause: "initial", change: 12 }),
    ];
    renderPage({
      [`GET /api/inventory/${kurta.variantId}/movements`]: {
        data: log,
        meta: { page: 1, size: 10, pageCount: 1, total: 3 },
      },
    });
    await userEvent.click(
      await screen.findByRole("button", { name: inventoryPage.logOf("Kurta (Colour: Blue · Size: M)") }),
    );
    const list = await screen.findByRole("list", {
      name: inventoryPage.logOf("Kurta (Colour: Blue · Size: M)"),
    });
    const [returned, placed, initial] = within(list).getAllByRole("listitem");
    if (!returned || !placed || !initial) throw new Error("three movements");
    expect(within(returned).getByRole("link", { name: inventoryPage.movementReturn(1004) })).toHaveAttribute(
      "href",
      "/dashboard/returns?keyword=%231004",
    );
    expect(within(placed).getByRole("link", { name: inventoryPage.movementOrder(1004) })).toHaveAttribute(
      "href",
      `/dashboard/orders/order/${ORDER_ID}`,
    );
    expect(within(initial).queryByRole("link")).not.toBeInTheDocument();
  });
});
