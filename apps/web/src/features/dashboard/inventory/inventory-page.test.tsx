import { inventoryPage } from "@shop/shared/messages";
import type { InventoryRow } from "@shop/shared/schemas/inventory";
import { screen, within } from "@testing-library/react";
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
});
