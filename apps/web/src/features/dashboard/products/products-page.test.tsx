import { inventoryPage, productCsv } from "@shop/shared/messages";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import type { ProductImportReport } from "@shop/shared/schemas/product-csv";
import type { UserDto } from "@shop/shared/schemas/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "#web/lib/session";
import { stubApi } from "#web/test/api-stub";
import { lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductsPage } from "./products-page";

const {
  description: _description,
  gallery: _gallery,
  reviews: _reviews,
  updatedAt: _updatedAt,
  variants: _variants,
  ...lampRow
} = lamp;

/** Sizes S to L in two colours, one size sold out: 81 units over its active variants. */
const tee: ProductSummaryDto = {
  ...lampRow,
  _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
  name: "Organic Cotton Tee",
  stock: 81,
  options: [
    { name: "Size", values: ["S", "M", "L"] },
    { name: "Colour", values: ["Black", "Blue"] },
  ],
  variantCount: 6,
};

describe("the dashboard's product list", () => {
  it("shows each product's stock, summed over its variants, and how many variants a product with options has", async () => {
    stubApi({
      "GET /api/products": { data: [tee, lampRow], meta: { page: 1, size: 8, pageCount: 1, total: 2 } },
    });
    renderRoutes(
      [{ path: "/dashboard/products", element: <ProductsPage view="all" /> }],
      "/dashboard/products",
    );

    const teeRow = (await screen.findByText(tee.name)).closest("tr");
    expect(teeRow).toHaveTextContent("81 in stock · 6 variants");
    const lampCell = screen.getByText(lamp.name).closest("td");
    // 7 is at or under the low-stock threshold (10 until the settings say otherwise): marked low.
    expect(lampCell).toHaveTextContent(`${lamp.name}${inventoryPage.low}7 in stock`);
    expect(teeRow).not.toHaveTextContent(inventoryPage.low);
    expect(lampCell).not.toHaveTextContent("variant");
  });
});

const admin: UserDto = {
  _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
  name: { firstName: "Asha", lastName: "Admin" },
  email: "admin@example.com",
  avatar: null,
  role: "admin",
  status: true,
  twoFactorEnabled: false,
  createdAt: lamp.createdAt,
};

const list = { data: [lampRow], meta: { page: 1, size: 8, pageCount: 1, total: 1 } };

function report(overrides: Partial<ProductImportReport> = {}): ProductImportReport {
  return {
    dryRun: true,
    applied: false,
    products: { created: 1, updated: 1, unchanged: 0, refused: 0 },
    rows: [
      { row: 2, handle: "boots", sku: "BOOT-8", action: "create", errors: [] },
      { row: 3, handle: lamp._id, sku: "LAMP-1", action: "update", errors: [] },
    ],
    ...overrides,
  };
}

async function openImport() {
  renderRoutes(
    [{ path: "/dashboard/products", element: <ProductsPage view="all" /> }],
    "/dashboard/products",
  );
  const user = userEvent.setup();
  expect(screen.getByRole("link", { name: productCsv.exportButton })).toHaveAttribute(
    "href",
    "/api/products/export.csv",
  );
  await user.click(screen.getByRole("button", { name: productCsv.importButton }));
  const dialog = await screen.findByRole("dialog");
  const file = new File(["Handle,Name\n"], "products.csv", { type: "text/csv" });
  await user.upload(within(dialog).getByLabelText(productCsv.chooseFile), file);
  await user.click(within(dialog).getByRole("button", { name: productCsv.check }));
  return { user, dialog };
}

describe("the dashboard's products CSV", () => {
  afterEach(() => useSession.getState().clear());

  it("checks the file with a dry run, shows the counts, then applies it", async () => {
    useSession.getState().setUser(admin);
    const { requests } = stubApi({
      "GET /api/products": list,
      "POST /api/products/import": (request) =>
        request.query.get("dryRun") === "true"
          ? { data: report() }
          : { data: report({ dryRun: false, applied: true }) },
    });
    const { user, dialog } = await openImport();
    expect(await within(dialog).findByText(productCsv.summary(1, 1, 0, 0))).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: productCsv.apply }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const imports = requests.filter((r) => r.path === "/api/products/import");
    expect(imports.map((r) => r.query.get("dryRun"))).toEqual(["true", "false"]);
    expect(imports[0]?.body).toBeInstanceOf(FormData);
  });

  it("lists the refused rows with their reasons and offers no Apply while one is refused", async () => {
    useSession.getState().setUser(admin);
    stubApi({
      "GET /api/products": list,
      "POST /api/products/import": {
        data: report({
          products: { created: 0, updated: 0, unchanged: 1, refused: 1 },
          rows: [
            {
              row: 2,
              handle: "x",
              sku: "",
              action: "refused",
              errors: [{ column: "SKU", message: "This is required." }],
            },
          ],
        }),
      },
    });
    const { dialog } = await openImport();
    expect(await within(dialog).findByText(productCsv.fixAndRetry)).toBeInTheDocument();
    const row = within(dialog).getByRole("cell", { name: "This is required." }).closest("tr");
    expect(row).toHaveTextContent("2SKUThis is required.");
    expect(within(dialog).getByRole("button", { name: productCsv.apply })).toBeDisabled();
  });
});
