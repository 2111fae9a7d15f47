import { formErrors, taxFields, validation } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { lamp, lampPicture, lampSide, shoes, watches } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductForm } from "./product-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const CATEGORIES = { "GET /api/categories": { data: [shoes, watches] } };

function renderForm(
  path: "/dashboard/products/new" | `/dashboard/products/edit/${string}`,
  product: ProductDto = lamp,
) {
  return renderRoutes(
    [
      { path: "/dashboard/products/new", element: <ProductForm /> },
      { path: "/dashboard/products/edit/:productId", element: <ProductForm product={product} /> },
      { path: "/dashboard/products", element: <h1>All Products</h1> },
      { path: "/dashboard/products/inactive", element: <h1>Inactive Products</h1> },
    ],
    path,
  );
}

/** The categories have arrived in the Category select. */
async function categoriesLoaded() {
  await screen.findByRole("option", { name: "Shoes" });
}

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the product form", () => {
  it('names its prices in the shop\'s currency: "Price (₹)" and "Sale price (₹)" in a rupee shop', async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    stubApi(CATEGORIES);
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();
    expect(screen.getByRole("spinbutton", { name: "Price (₹)" })).toHaveValue(lamp.price);
    expect(screen.getByRole("spinbutton", { name: "Sale price (₹)" })).toBeVisible();
    expect(screen.queryByRole("spinbutton", { name: /\(\$\)/ })).toBeNull();
  });

  it("refuses an empty new product with the shared messages under each field, and a toast", async () => {
    const { requests } = stubApi(CATEGORIES);
    renderForm("/dashboard/products/new");
    await categoriesLoaded();

    await userEvent.click(screen.getByRole("button", { name: "Create Product" }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(formErrors.product));
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(validation.required);
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveAccessibleDescription(
      `At least 50 characters. ${validation.required}`,
    );
    // Each number's limits from the schema, then the refusal.
    expect(screen.getByRole("spinbutton", { name: "Price ($)" })).toHaveAccessibleDescription(
      `From 0 to 9,999,999,999.99. ${validation.required}`,
    );
    expect(screen.getByRole("spinbutton", { name: "Stock" })).toHaveAccessibleDescription(
      `From 0 to 1,000,000. ${validation.required}`,
    );
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveAccessibleDescription(validation.id);
    expect(screen.getByRole("group", { name: "Thumbnail" })).toHaveTextContent(validation.id);
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("words a name and a description that are too short with their own messages", async () => {
    stubApi(CATEGORIES);
    renderForm("/dashboard/products/new");
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Lamp");
    await userEvent.type(screen.getByRole("textbox", { name: "Description" }), "Too short to sell anything.");
    await userEvent.click(screen.getByRole("button", { name: "Create Product" }));

    expect(await screen.findByText(validation.productName)).toBeVisible();
    expect(screen.getByText(validation.productDescription)).toBeVisible();
  });

  it("saves an edited product with the whole body and its id, then goes back to the list", async () => {
    const saved: StubRequest[] = [];
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        return { data: { ...lamp, price: 45, stock: 12 } };
      },
    });
    const { router } = renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();

    const price = screen.getByRole("spinbutton", { name: "Price ($)" });
    await userEvent.clear(price);
    await userEvent.type(price, "45");
    const stock = screen.getByRole("spinbutton", { name: "Stock" });
    await userEvent.clear(stock);
    await userEvent.type(stock, "12");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Watches");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    expect(await screen.findByRole("heading", { name: "All Products" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/dashboard/products");
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toEqual({
      name: lamp.name,
      description: lamp.description,
      price: 45,
      onSale: true,
      salePrice: 30,
      stock: 12,
      isActive: true,
      category: watches._id,
      thumbnail: lampPicture._id,
      gallery: [lampSide._id],
      taxRate: null,
      taxSlabs: null,
      hsnCode: null,
      uqc: "NOS",
      weightKg: null,
      dimensionsCm: null,
      productId: lamp._id,
    });
  });

  it("says the limits of the price, the stock and the sale price before they bite, the sale price's following the price", async () => {
    stubApi(CATEGORIES);
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();

    const price = screen.getByRole("spinbutton", { name: "Price ($)" });
    expect(price).toHaveAccessibleDescription("From 0 to 9,999,999,999.99.");
    expect(price).toHaveAttribute("max", "9999999999.99");
    const stock = screen.getByRole("spinbutton", { name: "Stock" });
    expect(stock).toHaveAccessibleDescription("From 0 to 1,000,000.");
    expect(stock).toHaveAttribute("max", "1000000");
    // The lamp costs 40: its sale price is at least a cent and below the price.
    const sale = screen.getByRole("spinbutton", { name: "Sale price ($)" });
    expect(sale).toHaveAccessibleDescription("From 0.01 to 39.99.");
    expect(sale).toHaveAttribute("min", "0.01");
    await userEvent.clear(price);
    await userEvent.type(price, "25");
    expect(sale).toHaveAccessibleDescription("From 0.01 to 24.99.");
    expect(sale).toHaveAttribute("max", "24.99");
  });

  it("sends a sale price of 0 once the sale is switched off (SPEC section 4)", async () => {
    const saved: StubRequest[] = [];
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        return { data: { ...lamp, onSale: false, salePrice: 0 } };
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();

    await userEvent.click(screen.getByRole("switch", { name: "On sale" }));
    expect(screen.getByRole("spinbutton", { name: "Sale price ($)" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ onSale: false, salePrice: 0, price: lamp.price });
  });

  it("puts the server's refusal under the field it names, and stays on the form", async () => {
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: {
        status: 400,
        message: "Some fields are invalid. Please check your inputs and try again.",
        errors: { name: validation.productName },
      },
    });
    const { router } = renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
        validation.productName,
      ),
    );
    expect(toast.error).toHaveBeenCalledWith(
      "Some fields are invalid. Please check your inputs and try again.",
    );
    expect(router.state.location.pathname).toBe(`/dashboard/products/edit/${lamp._id}`);
  });

  it("sends the GST rate, HSN code and unit chosen in the Tax group", async () => {
    const saved: StubRequest[] = [];
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        return { data: { ...lamp, taxRate: 40, hsnCode: "9405" } };
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();

    const rate = screen.getByRole("combobox", { name: taxFields.rate });
    expect(rate).toHaveDisplayValue(taxFields.categoryDefault);
    // GST 2.0's rates are the presets (12% and 28% are gone for almost all goods).
    expect(Array.from(rate.querySelectorAll("option"), (option) => option.textContent)).toEqual([
      taxFields.categoryDefault,
      "0%",
      "5%",
      "18%",
      "40%",
      taxFields.byPrice,
      taxFields.other,
    ]);
    await userEvent.selectOptions(rate, "40%");
    await userEvent.type(screen.getByRole("textbox", { name: taxFields.hsn }), "9405");
    // Its unit, NOS until another is chosen: the templates' label names each.
    const unit = screen.getByRole("combobox", { name: taxFields.uqc });
    expect(unit).toHaveDisplayValue("NOS-NUMBERS");
    await userEvent.selectOptions(unit, "SET-SETS");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ taxRate: 40, taxSlabs: null, hsnCode: "9405", uqc: "SET" });
  });

  it("sets a rate by price from GST 2.0's suggestion, requires each slab's fields, and sends the slabs", async () => {
    const saved: StubRequest[] = [];
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        return { data: lamp };
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();

    const rate = screen.getByRole("combobox", { name: taxFields.rate });
    expect(rate).toHaveAccessibleDescription(taxFields.productRateHint);
    await userEvent.selectOptions(rate, taxFields.byPrice);
    const slabs = screen.getByRole("group", { name: taxFields.slabsTitle });
    // The slabs take the rate's place: the category default's hint leaves with it.
    expect(rate).not.toHaveAccessibleDescription(taxFields.productRateHint);
    expect(screen.queryByText(taxFields.productRateHint)).toBeNull();
    expect(screen.getByRole("spinbutton", { name: taxFields.slabUpTo(1) })).toHaveValue(2500);
    expect(screen.getByRole("spinbutton", { name: taxFields.slabRate(1) })).toHaveValue(5);
    expect(screen.getByRole("spinbutton", { name: taxFields.slabAboveRate })).toHaveValue(18);

    // A slab added before the last one waits for its limit and rate.
    await userEvent.click(screen.getByRole("button", { name: taxFields.addSlab }));
    const limit = screen.getByRole("spinbutton", { name: taxFields.slabUpTo(2) });
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() =>
      expect(limit).toHaveAccessibleDescription(`From 0.01 to 9,999,999,999.99. ${validation.required}`),
    );
    expect(saved).toEqual([]);

    // Limits out of order are refused for the whole list.
    await userEvent.type(limit, "1000");
    await userEvent.type(screen.getByRole("spinbutton", { name: taxFields.slabRate(2) }), "12");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(validation.taxSlabsOrder);
    expect(slabs).toBeVisible();
    expect(saved).toEqual([]);

    await userEvent.clear(limit);
    await userEvent.type(limit, "5000");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({
      taxRate: null,
      taxSlabs: [
        { upTo: 2500, rate: 5 },
        { upTo: 5000, rate: 12 },
        { upTo: null, rate: 18 },
      ],
    });
  });

  it("loads a product's slabs under 'Rate by price', puts the server's refusal under a slab, and drops the slabs for a flat rate", async () => {
    const saved: StubRequest[] = [];
    const product: ProductDto = {
      ...lamp,
      taxSlabs: [
        { upTo: 2500, rate: 5 },
        { upTo: null, rate: 18 },
      ],
    };
    let refuse = true;
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            message: formErrors.product,
            errors: { "taxSlabs.1.rate": validation.max(50) },
          };
        }
        return { data: lamp };
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`, product);
    await categoriesLoaded();

    const rate = screen.getByRole("combobox", { name: taxFields.rate });
    expect(rate).toHaveDisplayValue(taxFields.byPrice);
    expect(screen.getByRole("spinbutton", { name: taxFields.slabUpTo(1) })).toHaveValue(2500);
    // Two slabs are the fewest: neither can be removed.
    expect(screen.queryByRole("button", { name: taxFields.removeSlab(1) })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() =>
      expect(screen.getByRole("spinbutton", { name: taxFields.slabAboveRate })).toHaveAccessibleDescription(
        `From 0 to 50. ${validation.max(50)}`,
      ),
    );

    await userEvent.selectOptions(rate, "18%");
    expect(screen.queryByRole("group", { name: taxFields.slabsTitle })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.body).toMatchObject({ taxRate: 18, taxSlabs: null });
  });

  it("loads a rate other than the common ones under 'Other…', and sends the category's again once chosen, with an emptied HSN code as null", async () => {
    const saved: StubRequest[] = [];
    const product = { ...lamp, taxRate: 7.5, hsnCode: "940510" };
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        return { data: lamp };
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`, product);
    await categoriesLoaded();

    const rate = screen.getByRole("combobox", { name: taxFields.rate });
    expect(rate).toHaveDisplayValue(taxFields.other);
    expect(screen.getByRole("spinbutton", { name: taxFields.otherRate })).toHaveValue(7.5);
    const hsn = screen.getByRole("textbox", { name: taxFields.hsn });
    expect(hsn).toHaveValue("940510");

    await userEvent.selectOptions(rate, taxFields.categoryDefault);
    expect(screen.queryByRole("spinbutton", { name: taxFields.otherRate })).not.toBeInTheDocument();
    await userEvent.clear(hsn);
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ taxRate: null, hsnCode: null });
  });

  it("requires a rate once 'Other…' is chosen, and sends the one typed", async () => {
    const saved: StubRequest[] = [];
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: (request) => {
        saved.push(request);
        return { data: lamp };
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: taxFields.rate }), taxFields.other);
    const other = screen.getByRole("spinbutton", { name: taxFields.otherRate });
    expect(other).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() =>
      expect(other).toHaveAccessibleDescription(
        `${taxFields.otherRateHint} From 0 to 50. ${validation.required}`,
      ),
    );
    expect(saved).toEqual([]);

    await userEvent.type(other, "2.25");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ taxRate: 2.25 });
  });

  it("puts the server's refusal of the HSN code under the HSN code field", async () => {
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${lamp._id}`]: {
        status: 400,
        message: "Some fields are invalid. Please check your inputs and try again.",
        errors: { hsnCode: validation.hsnCode },
      },
    });
    renderForm(`/dashboard/products/edit/${lamp._id}`);
    await categoriesLoaded();
    const hsn = screen.getByRole("textbox", { name: taxFields.hsn });
    await userEvent.type(hsn, "9405");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() =>
      expect(hsn).toHaveAccessibleDescription(`${taxFields.productHsnHint} ${validation.hsnCode}`),
    );
    expect(hsn).toHaveFocus();
  });
});
