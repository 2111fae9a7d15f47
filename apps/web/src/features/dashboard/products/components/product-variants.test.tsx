import { api, setAllPrices, validation } from "@shop/shared/messages";
import { parcelFields } from "@shop/shared/messages/shipping";
import type { ProductDto } from "@shop/shared/schemas/product";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { lamp, shoes, watches } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductForm } from "./product-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const CATEGORIES = { "GET /api/categories": { data: [shoes, watches] } };

/** A tee in sizes S and M, in Black only: two variants. */
const tee: ProductDto = {
  ...lamp,
  _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
  name: "Organic Cotton Tee",
  price: 20,
  onSale: false,
  salePrice: 0,
  stock: 9,
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Black"] },
  ],
  variantCount: 2,
  variants: [
    {
      _id: "b1b1b1b1b1b1b1b1b1b1b1b1",
      sku: "TEE-S-BLACK",
      options: { Size: "S", Colour: "Black" },
      price: 20,
      onSale: false,
      salePrice: 0,
      stock: 4,
      isActive: true,
      weightKg: null,
      dimensionsCm: null,
    },
    {
      _id: "b2b2b2b2b2b2b2b2b2b2b2b2",
      sku: "TEE-M-BLACK",
      options: { Size: "M", Colour: "Black" },
      price: 22,
      onSale: true,
      salePrice: 18,
      stock: 5,
      isActive: true,
      weightKg: null,
      dimensionsCm: null,
    },
  ],
};

function renderEdit(product: ProductDto) {
  return renderRoutes(
    [
      { path: "/dashboard/products/edit/:productId", element: <ProductForm product={product} /> },
      { path: "/dashboard/products", element: <h1>All Products</h1> },
    ],
    `/dashboard/products/edit/${product._id}`,
  );
}

function saving(productId: string, answer: ProductDto) {
  const saved: StubRequest[] = [];
  stubApi({
    ...CATEGORIES,
    [`PUT /api/products/${productId}`]: (request) => {
      saved.push(request);
      return { data: answer };
    },
  });
  return saved;
}

async function addOption(name: string, values: string) {
  await userEvent.click(screen.getByRole("button", { name: "Add option" }));
  const names = screen.getAllByRole("textbox", { name: /^Option \d name$/ });
  const input = names.at(-1);
  if (!input) throw new Error("no option name field");
  await userEvent.type(input, name);
  await userEvent.type(screen.getByRole("textbox", { name: `${name} values` }), `${values}{Enter}`);
}

function row(label: string) {
  return within(screen.getByRole("group", { name: label }));
}

describe("the product form's options and variants", () => {
  it("turns a product into a grid of every combination, fills it in bulk, and sends each variant", async () => {
    const saved = saving(lamp._id, lamp);
    renderEdit(lamp);
    await screen.findByRole("option", { name: "Shoes" });

    await addOption("Size", "S, M");
    await addOption("Colour", "Black,Blue");

    expect(
      screen.getAllByRole("group", { name: /^[SM] \/ (Black|Blue)$/ }).map((g) => g.textContent),
    ).toHaveLength(4);
    expect(screen.getByText("4 variants")).toBeVisible();
    // The product's own price and stock give way to the variants'.
    expect(screen.getByText(/priced and stocked per variant/)).toBeVisible();
    expect(screen.getAllByRole("spinbutton", { name: "Price ($)" })).toHaveLength(4);
    // The lamp's one variant became the first combination, with its stock; the others start empty.
    expect(row("S / Black").getByRole("spinbutton", { name: "Stock" })).toHaveValue(7);
    expect(row("M / Blue").getByRole("spinbutton", { name: "Stock" })).toHaveValue(0);
    expect(row("M / Blue").getByRole("textbox", { name: "SKU" })).toHaveAttribute(
      "placeholder",
      "BRASS-DESK-LAMP-M-BLUE",
    );

    await userEvent.type(screen.getByRole("spinbutton", { name: "Price for every variant ($)" }), "45");
    await userEvent.click(screen.getByRole("button", { name: "Set all prices" }));
    // Every combination on sale at the lamp's 30: asked first, and kept (each below 45).
    const asked = await screen.findByRole("dialog", { name: setAllPrices.title });
    expect(asked).toHaveTextContent(setAllPrices.summary(4, 0, "$45.00"));
    await userEvent.click(within(asked).getByRole("radio", { name: setAllPrices.keep }));
    await userEvent.click(within(asked).getByRole("button", { name: setAllPrices.confirm }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.type(screen.getByRole("spinbutton", { name: "Stock for every variant" }), "6");
    await userEvent.click(screen.getByRole("button", { name: "Set all stock" }));
    const blue = row("M / Blue");
    await userEvent.clear(blue.getByRole("spinbutton", { name: "Stock" }));
    await userEvent.type(blue.getByRole("spinbutton", { name: "Stock" }), "2");
    await userEvent.clear(blue.getByRole("spinbutton", { name: "Sale price ($)" }));
    await userEvent.type(blue.getByRole("textbox", { name: "SKU" }), "LAMP-M-BLUE");
    await userEvent.click(row("S / Blue").getByRole("switch", { name: "Active: S / Blue" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const onSale = { onSale: true, salePrice: 30 };
    expect(saved[0]?.body).toMatchObject({
      options: [
        { name: "Size", values: ["S", "M"] },
        { name: "Colour", values: ["Black", "Blue"] },
      ],
      variants: [
        {
          _id: lamp.variants[0]?._id,
          sku: "BRASS-DESK-LAMP-S-BLACK",
          options: { Size: "S", Colour: "Black" },
          price: 45,
          ...onSale,
          stock: 6,
          isActive: true,
        },
        { sku: "BRASS-DESK-LAMP-S-BLUE", options: { Size: "S", Colour: "Blue" }, stock: 6, isActive: false },
        { sku: "BRASS-DESK-LAMP-M-BLACK", options: { Size: "M", Colour: "Black" }, price: 45, ...onSale },
        {
          sku: "LAMP-M-BLUE",
          options: { Size: "M", Colour: "Blue" },
          price: 45,
          onSale: false,
          salePrice: 0,
          stock: 2,
          isActive: true,
        },
      ],
      // Required by the API though the variants decide: the cheapest price, the active stock.
      price: 45,
      stock: 14,
    });
    const body = saved[0]?.body as { variants: object[] } | undefined;
    expect(body?.variants.slice(1).every((variant) => !("_id" in variant))).toBe(true);
  });

  it("asks what becomes of the sale prices when every price is set, and never leaves one at or above its price", async () => {
    const saved = saving(tee._id, tee);
    renderEdit(tee);
    await screen.findByRole("option", { name: "Shoes" });
    const s = row("S / Black");
    const m = row("M / Black");
    await userEvent.type(s.getByRole("spinbutton", { name: "Sale price ($)" }), "15");
    const setPrices = async (price: string) => {
      const field = screen.getByRole("spinbutton", { name: "Price for every variant ($)" });
      await userEvent.clear(field);
      await userEvent.type(field, price);
      await userEvent.click(screen.getByRole("button", { name: "Set all prices" }));
      return screen.findByRole("dialog", { name: setAllPrices.title });
    };

    // S on sale at 15, M at 18: at 16, M's sale price would not be below its price.
    let asked = await setPrices("16");
    expect(asked).toHaveTextContent(setAllPrices.summary(2, 1, "$16.00"));
    // Cancelled: nothing changes.
    await userEvent.click(within(asked).getByRole("button", { name: setAllPrices.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(m.getByRole("spinbutton", { name: "Price ($)" })).toHaveValue(22);

    // A sale price set for all must be below the new price, said under its field.
    asked = await setPrices("16");
    await userEvent.click(within(asked).getByRole("radio", { name: setAllPrices.set }));
    const sale = within(asked).getByRole("spinbutton", { name: setAllPrices.salePrice("$") });
    await userEvent.type(sale, "16");
    await userEvent.click(within(asked).getByRole("button", { name: setAllPrices.confirm }));
    // Its limits say the most it may be: a cent below the new price.
    expect(sale).toHaveAttribute("max", "15.99");
    expect(sale).toHaveAccessibleDescription(`From 0.01 to 15.99. ${validation.salePriceBelowPrice}`);
    expect(asked).toBeVisible();

    // Kept: S keeps 15, M's sale ends.
    await userEvent.click(within(asked).getByRole("radio", { name: setAllPrices.keepBelow("$16.00", 1) }));
    await userEvent.click(within(asked).getByRole("button", { name: setAllPrices.confirm }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(s.getByRole("spinbutton", { name: "Sale price ($)" })).toHaveValue(15);
    expect(m.getByRole("spinbutton", { name: "Sale price ($)" })).toHaveValue(null);
    expect(m.getByRole("spinbutton", { name: "Price ($)" })).toHaveValue(16);

    // Set for all: S's 15 is not below a new 14, and takes 13; M stays off sale.
    asked = await setPrices("14");
    expect(asked).toHaveTextContent(setAllPrices.summary(1, 1, "$14.00"));
    await userEvent.click(within(asked).getByRole("radio", { name: setAllPrices.set }));
    await userEvent.type(within(asked).getByRole("spinbutton", { name: setAllPrices.salePrice("$") }), "13");
    await userEvent.click(within(asked).getByRole("button", { name: setAllPrices.confirm }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(s.getByRole("spinbutton", { name: "Sale price ($)" })).toHaveValue(13);
    expect(m.getByRole("spinbutton", { name: "Sale price ($)" })).toHaveValue(null);

    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({
      variants: [
        { sku: "TEE-S-BLACK", price: 14, onSale: true, salePrice: 13 },
        { sku: "TEE-M-BLACK", price: 14, onSale: false, salePrice: 0 },
      ],
    });
  });

  it("says each cell's limits aloud and on hover, and the bulk setters' under them, from the schema", async () => {
    stubApi(CATEGORIES);
    renderEdit(tee);
    await screen.findByRole("option", { name: "Shoes" });

    const m = row("M / Black");
    const stock = m.getByRole("spinbutton", { name: "Stock" });
    expect(stock).toHaveAccessibleDescription("From 0 to 1,000,000.");
    expect(stock).toHaveAttribute("title", "From 0 to 1,000,000.");
    expect(stock).toHaveAttribute("min", "0");
    expect(stock).toHaveAttribute("max", "1000000");
    expect(m.getByRole("spinbutton", { name: "Price ($)" })).toHaveAttribute("max", "9999999999.99");
    // M costs 22: its sale price is below that.
    const sale = m.getByRole("spinbutton", { name: "Sale price ($)" });
    expect(sale).toHaveAccessibleDescription("From 0.01 to 21.99.");
    expect(sale).toHaveAttribute("max", "21.99");

    const every = screen.getByRole("spinbutton", { name: "Stock for every variant" });
    expect(every).toHaveAccessibleDescription("From 0 to 1,000,000.");
    expect(every).toHaveAttribute("max", "1000000");
    expect(
      screen.getByRole("spinbutton", { name: "Price for every variant ($)" }),
    ).toHaveAccessibleDescription("From 0 to 9,999,999,999.99.");
  });

  it("edits one variant's stock and sends every variant with its id", async () => {
    const saved = saving(tee._id, tee);
    renderEdit(tee);
    await screen.findByRole("option", { name: "Shoes" });

    // The product's category shows once the categories are in (the select was registered before).
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveDisplayValue("Shoes");
    expect(screen.getByRole("list", { name: "Size values" })).toHaveTextContent("SM");
    const m = row("M / Black");
    expect(m.getByRole("spinbutton", { name: "Sale price ($)" })).toHaveValue(18);
    await userEvent.clear(m.getByRole("spinbutton", { name: "Stock" }));
    await userEvent.type(m.getByRole("spinbutton", { name: "Stock" }), "12");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toHaveProperty("variants", [
      {
        _id: "b1b1b1b1b1b1b1b1b1b1b1b1",
        sku: "TEE-S-BLACK",
        options: { Size: "S", Colour: "Black" },
        price: 20,
        onSale: false,
        salePrice: 0,
        stock: 4,
        isActive: true,
        weightKg: null,
        dimensionsCm: null,
      },
      {
        _id: "b2b2b2b2b2b2b2b2b2b2b2b2",
        sku: "TEE-M-BLACK",
        options: { Size: "M", Colour: "Black" },
        price: 22,
        onSale: true,
        salePrice: 18,
        stock: 12,
        isActive: true,
        weightKg: null,
        dimensionsCm: null,
      },
    ]);
  });

  it("refuses a repeated or too long value with the shared messages, and keeps it out", async () => {
    stubApi(CATEGORIES);
    renderEdit(tee);
    const values = screen.getByRole("textbox", { name: "Size values" });

    await userEvent.type(values, "s{Enter}");
    expect(values).toHaveAccessibleDescription(
      `Press Enter or type a comma after each value. ${validation.optionValueRepeated}`,
    );
    await userEvent.clear(values);
    await userEvent.type(values, `${"X".repeat(31)}{Enter}`);
    expect(values).toHaveAccessibleDescription(
      `Press Enter or type a comma after each value. ${validation.maxLength(30)}`,
    );
    expect(screen.getByRole("list", { name: "Size values" }).children).toHaveLength(2);
    expect(screen.getAllByRole("group", { name: /\/ Black$/ })).toHaveLength(2);
  });

  it("puts the server's refusals where they belong: a SKU in use at its row, a repeated value at its option", async () => {
    stubApi({
      ...CATEGORIES,
      [`PUT /api/products/${tee._id}`]: {
        status: 409,
        message: api.skuTaken,
        errors: { "variants.1.sku": api.skuTaken, "options.0.values.1": validation.optionValueRepeated },
      },
    });
    renderEdit(tee);
    await screen.findByRole("option", { name: "Shoes" });
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() =>
      expect(row("M / Black").getByRole("textbox", { name: "SKU" })).toHaveAccessibleDescription(
        api.skuTaken,
      ),
    );
    expect(row("S / Black").getByRole("textbox", { name: "SKU" })).not.toHaveAccessibleDescription(
      api.skuTaken,
    );
    expect(screen.getByRole("textbox", { name: "Size values" })).toHaveAccessibleDescription(
      `Press Enter or type a comma after each value. ${validation.optionValueRepeated}`,
    );
  });

  it("checks every row with the shared rules before sending anything", async () => {
    const { requests } = stubApi(CATEGORIES);
    renderEdit(tee);
    await screen.findByRole("option", { name: "Shoes" });
    const s = row("S / Black");
    await userEvent.type(s.getByRole("spinbutton", { name: "Sale price ($)" }), "25");
    await userEvent.clear(s.getByRole("textbox", { name: "SKU" }));
    await userEvent.type(s.getByRole("textbox", { name: "SKU" }), "TEE S");
    await userEvent.clear(row("M / Black").getByRole("spinbutton", { name: "Stock" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() =>
      expect(s.getByRole("textbox", { name: "SKU" })).toHaveAccessibleDescription(validation.sku),
    );
    expect(row("M / Black").getByRole("spinbutton", { name: "Stock" })).toHaveAccessibleDescription(
      `From 0 to 1,000,000. ${validation.required}`,
    );

    // Once each field is well formed, the rules across fields: a sale price below the price.
    await userEvent.clear(s.getByRole("textbox", { name: "SKU" }));
    await userEvent.type(row("M / Black").getByRole("spinbutton", { name: "Stock" }), "3");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    await waitFor(() =>
      expect(s.getByRole("spinbutton", { name: "Sale price ($)" })).toHaveAccessibleDescription(
        `From 0.01 to 19.99. ${validation.salePriceBelowPrice}`,
      ),
    );
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("keeps the lamp's one variant on one row only, however its values come and go", async () => {
    const saved = saving(lamp._id, lamp);
    renderEdit(lamp);
    await screen.findByRole("option", { name: "Shoes" });
    await addOption("Size", "S");
    await userEvent.click(screen.getByRole("button", { name: "Remove S" }));
    const values = screen.getByRole("textbox", { name: "Size values" });
    await userEvent.type(values, "M{Enter}");
    await userEvent.type(values, "S{Enter}");
    expect(row("M").getByRole("spinbutton", { name: "Stock" })).toHaveValue(7);
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0]?.body as { variants: { _id?: string; options: object }[] } | undefined;
    expect(body?.variants.map((variant) => [variant._id, variant.options])).toEqual([
      [lamp.variants[0]?._id, { Size: "M" }],
      [undefined, { Size: "S" }],
    ]);
  });

  it("gives a product whose options are all removed one default variant of the price and stock fields", async () => {
    const saved = saving(tee._id, tee);
    renderEdit(tee);
    await screen.findByRole("option", { name: "Shoes" });
    await userEvent.click(screen.getByRole("button", { name: "Remove Colour" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove Size" }));

    expect(screen.queryByRole("group", { name: /Black/ })).toBeNull();
    expect(screen.getByRole("spinbutton", { name: "Price ($)" })).toHaveValue(20);
    expect(screen.getByRole("spinbutton", { name: "Stock" })).toHaveValue(9);
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({
      options: [],
      variants: [
        {
          _id: "b1b1b1b1b1b1b1b1b1b1b1b1",
          sku: "TEE-S-BLACK",
          options: {},
          price: 20,
          stock: 9,
          isActive: true,
        },
      ],
    });
  });

  describe("a variant's weight", () => {
    const box = { length: 30, breadth: 20, height: 2.5 };
    /** The tee with a weight and a box of its own on S; M has none (the product's). */
    const sized: ProductDto = {
      ...tee,
      variants: tee.variants.map((variant, i) =>
        i === 0 ? { ...variant, weightKg: 0.25, dimensionsCm: box } : variant,
      ),
    };
    const weight = (label: string) => row(label).getByRole("spinbutton", { name: parcelFields.weight });
    const sizesSent = (saved: StubRequest[]) =>
      (
        saved[0]?.body as { variants?: { weightKg?: unknown; dimensionsCm?: unknown }[] } | undefined
      )?.variants?.map(({ weightKg, dimensionsCm }) => ({ weightKg, dimensionsCm }));

    it("shows a variant's own weight, keeps it and its box when untouched, and sends one typed", async () => {
      const saved = saving(sized._id, sized);
      renderEdit(sized);
      await screen.findByRole("option", { name: "Shoes" });
      expect(weight("S / Black")).toHaveValue(0.25);
      expect(weight("M / Black")).toHaveValue(null);
      expect(weight("M / Black")).toHaveAttribute("placeholder", parcelFields.variantWeightEmpty);
      expect(weight("M / Black")).toHaveAccessibleDescription(
        `${parcelFields.variantWeightHint} From 0.001 to 1,000.`,
      );
      await userEvent.type(weight("M / Black"), "1.125");
      await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(sizesSent(saved)).toEqual([
        { weightKg: 0.25, dimensionsCm: box },
        { weightKg: 1.125, dimensionsCm: null },
      ]);
    });

    it("sends null for a weight emptied, so that the variant takes the product's", async () => {
      const saved = saving(sized._id, sized);
      renderEdit(sized);
      await screen.findByRole("option", { name: "Shoes" });
      await userEvent.clear(weight("S / Black"));
      await userEvent.click(screen.getByRole("button", { name: "Save Product" }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(sizesSent(saved)).toEqual([
        { weightKg: null, dimensionsCm: box },
        { weightKg: null, dimensionsCm: null },
      ]);
    });

    it("checks a weight with the shared rules, and shows the server's refusal at its cell", async () => {
      const { requests } = stubApi({
        ...CATEGORIES,
        [`PUT /api/products/${sized._id}`]: {
          status: 400,
          message: validation.max(1000),
          errors: { "variants.1.weightKg": validation.max(1000) },
        },
      });
      renderEdit(sized);
      await screen.findByRole("option", { name: "Shoes" });
      await userEvent.clear(weight("S / Black"));
      await userEvent.type(weight("S / Black"), "0.0001");
      await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
      await waitFor(() =>
        expect(weight("S / Black")).toHaveAccessibleDescription(
          `${parcelFields.variantWeightHint} From 0.001 to 1,000. ${validation.min(0.001)}`,
        ),
      );
      expect(requests.some((request) => request.method === "PUT")).toBe(false);

      await userEvent.clear(weight("S / Black"));
      await userEvent.type(weight("S / Black"), "0.5");
      await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
      await waitFor(() =>
        expect(weight("M / Black")).toHaveAccessibleDescription(
          `${parcelFields.variantWeightHint} From 0.001 to 1,000. ${validation.max(1000)}`,
        ),
      );
      expect(weight("S / Black")).toHaveAccessibleDescription(
        `${parcelFields.variantWeightHint} From 0.001 to 1,000.`,
      );
    });
  });
});
