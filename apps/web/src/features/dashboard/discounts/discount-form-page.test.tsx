import { discountCodes, formErrors, successes, validation } from "@shop/shared/messages";
import type { DiscountDetailDto } from "@shop/shared/schemas/discount";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { toast } from "#web/lib/toast";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { lamp, shoes, watches } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { DiscountFormPage } from "./discount-form-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const CREATED = "2026-11-20T10:00:00.000Z";

const shoes10: DiscountDetailDto = {
  _id: "d1d1d1d1d1d1d1d1d1d1d1d1",
  code: "SHOES10",
  type: "percentage",
  value: 10,
  minSubtotal: 50,
  startsAt: "2026-12-01T04:00:00.000Z",
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  appliesTo: "categories",
  categories: [shoes._id],
  products: [],
  combinesWithSale: false,
  isActive: true,
  usedCount: 3,
  status: "scheduled",
  createdAt: CREATED,
  updatedAt: CREATED,
  paidOrders: 2,
  revenue: 1234.5,
};

const unused: DiscountDetailDto = {
  ...shoes10,
  _id: "d2d2d2d2d2d2d2d2d2d2d2d2",
  code: "LAMPDEAL",
  type: "fixed",
  value: 5,
  appliesTo: "products",
  categories: [],
  products: [lamp._id],
  usedCount: 0,
  paidOrders: 0,
  revenue: 0,
};

const CATEGORIES = { "GET /api/categories": { data: [shoes, watches] } };

function renderPage(path: string, routes: StubRoutes) {
  const stub = stubApi({ ...CATEGORIES, ...routes });
  const rendered = renderRoutes(
    [
      { path: "/dashboard/discounts", element: <h1>All Discount Codes</h1> },
      { path: "/dashboard/discounts/new", element: <DiscountFormPage /> },
      { path: "/dashboard/discounts/:discountId", element: <DiscountFormPage /> },
    ],
    path,
  );
  return { ...stub, ...rendered };
}

const writes = (requests: StubRequest[]) => requests.filter((request) => request.method !== "GET");
const field = (name: string) => screen.getByLabelText(name, { selector: "input, select" });

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the new discount form", () => {
  it('names its amounts in the shop\'s currency: "Amount off (₹)" and "Minimum subtotal (₹)" in a rupee shop', async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    renderPage("/dashboard/discounts/new", {});
    expect(screen.getByRole("spinbutton", { name: "Minimum subtotal (₹)" })).toBeVisible();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type" }), "Fixed amount");
    expect(screen.getByRole("spinbutton", { name: "Amount off (₹)" })).toBeVisible();
    expect(screen.queryByRole("spinbutton", { name: /\(\$\)/ })).toBeNull();
  });

  it("says the limits of its counts and the minimum subtotal before they bite, from the schema", async () => {
    renderPage("/dashboard/discounts/new", {});
    const usage = screen.getByRole("spinbutton", { name: "Usage limit" });
    expect(usage).toHaveAccessibleDescription("Optional: uses in all. From 1 to 1,000,000.");
    expect(usage).toHaveAttribute("max", "1000000");
    expect(screen.getByRole("spinbutton", { name: "Per-customer limit" })).toHaveAccessibleDescription(
      "Optional: uses by one shopper. From 1 to 1,000,000.",
    );
    expect(screen.getByRole("spinbutton", { name: /^Minimum subtotal/ })).toHaveAccessibleDescription(
      expect.stringContaining("From 0.01 to 1,000,000."),
    );
  });

  it("refuses a code that is too short with the shared message, a toast, and no request", async () => {
    const { requests } = renderPage("/dashboard/discounts/new", {});
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "AB");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Percentage off (%)" }), "10");
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(formErrors.discount));
    expect(screen.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(
      expect.stringContaining(validation.discountCode),
    );
    expect(writes(requests)).toEqual([]);
  });

  it("words each rule across the fields at its field: the percentage, the dates, the categories", async () => {
    const { requests } = renderPage("/dashboard/discounts/new", {});
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "BIGSALE");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Percentage off (%)" }), "150");
    await userEvent.type(field("Starts"), "2026-12-10T10:00");
    await userEvent.type(field("Ends"), "2026-12-01T10:00");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Applies to" }), "Some categories");
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    await waitFor(() =>
      expect(screen.getByRole("spinbutton", { name: "Percentage off (%)" })).toHaveAccessibleDescription(
        validation.discountPercentage,
      ),
    );
    expect(field("Ends")).toHaveAccessibleDescription(expect.stringContaining(validation.discountDates));
    expect(screen.getByRole("group", { name: "Categories" })).toHaveAccessibleDescription(
      validation.discountCategories,
    );
    expect(writes(requests)).toEqual([]);
  });

  it("asks for an amount off above 0 for a fixed code", async () => {
    renderPage("/dashboard/discounts/new", {});
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "FIVEOFF");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type" }), "Fixed amount");
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));
    expect(await screen.findByText(validation.discountAmount)).toBeVisible();
  });

  it("creates a percentage code for a category, with its dates as instants of the browser's time zone", async () => {
    const created: StubRequest[] = [];
    const { router } = renderPage("/dashboard/discounts/new", {
      "POST /api/discounts": (request) => {
        created.push(request);
        return { status: 201, data: { ...shoes10, startsAt: null } };
      },
    });
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), " shoes10 ");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Percentage off (%)" }), "10");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Minimum subtotal ($)" }), "50");
    await userEvent.type(field("Starts"), "2026-12-01T09:30");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Usage limit" }), "100");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Applies to" }), "Some categories");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Shoes" }));
    await userEvent.click(screen.getByRole("switch", { name: "Combines with sale prices" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    expect(await screen.findByRole("heading", { name: "All Discount Codes" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/dashboard/discounts");
    expect(toast.success).toHaveBeenCalledWith(successes.discountSaved);
    expect(created.map((request) => request.body)).toEqual([
      {
        code: "SHOES10",
        type: "percentage",
        value: 10,
        minSubtotal: 50,
        startsAt: new Date("2026-12-01T09:30").toISOString(),
        endsAt: null,
        usageLimit: 100,
        perCustomerLimit: null,
        appliesTo: "categories",
        categories: [shoes._id],
        products: [],
        combinesWithSale: true,
        isActive: true,
      },
    ]);
  });

  it("hides the value of a free-shipping code and sends 0", async () => {
    const created: StubRequest[] = [];
    renderPage("/dashboard/discounts/new", {
      "POST /api/discounts": (request) => {
        created.push(request);
        return { status: 201, data: { ...shoes10, type: "free_shipping", value: 0 } };
      },
    });
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "SHIPFREE");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Percentage off (%)" }), "500");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type" }), "Free shipping");
    expect(screen.queryByRole("spinbutton", { name: /off/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.body).toMatchObject({ type: "free_shipping", value: 0, appliesTo: "all" });
  });

  it("picks products by searching their names, shows them as chips, and removes one", async () => {
    const created: StubRequest[] = [];
    const { requests } = renderPage("/dashboard/discounts/new", {
      "GET /api/products": ({ query }) => {
        const items = query.get("keyword") === "lamp" ? [lamp] : [];
        return { data: items, meta: { page: 1, size: 8, pageCount: 1, total: items.length } };
      },
      "POST /api/discounts": (request) => {
        created.push(request);
        return { status: 201, data: unused };
      },
    });
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "LAMPDEAL");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type" }), "Fixed amount");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Amount off ($)" }), "5");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Applies to" }), "Some products");

    // Nothing chosen: the shared message at the products.
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));
    expect(await screen.findByRole("group", { name: "Products" })).toHaveAccessibleDescription(
      validation.discountProducts,
    );

    await userEvent.type(screen.getByRole("searchbox", { name: "Search products to add" }), "lamp");
    await userEvent.click(await screen.findByRole("button", { name: `Add ${lamp.name}` }));
    const chosen = screen.getByRole("list", { name: "Chosen products" });
    expect(within(chosen).getByText(lamp.name)).toBeVisible();
    expect(screen.getByRole("button", { name: `Added — ${lamp.name}` })).toBeDisabled();
    expect(requests.find((request) => request.path === "/api/products")?.query.get("keyword")).toBe("lamp");

    await userEvent.click(within(chosen).getByRole("button", { name: `Remove ${lamp.name}` }));
    expect(screen.queryByRole("list", { name: "Chosen products" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: `Add ${lamp.name}` }));
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.body).toMatchObject({ appliesTo: "products", products: [lamp._id], categories: [] });
  });

  it("puts the server's 409 for a code in use at the code, and stays on the form", async () => {
    const { router } = renderPage("/dashboard/discounts/new", {
      "POST /api/discounts": {
        status: 409,
        message: discountCodes.codeInUse,
        errors: { code: discountCodes.codeInUse },
      },
    });
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "SHOES10");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Percentage off (%)" }), "10");
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(
        expect.stringContaining(discountCodes.codeInUse),
      ),
    );
    expect(toast.error).toHaveBeenCalledWith(discountCodes.codeInUse);
    expect(router.state.location.pathname).toBe("/dashboard/discounts/new");
  });

  it("puts a 400 the server words at its field (a category that no longer exists)", async () => {
    renderPage("/dashboard/discounts/new", {
      "POST /api/discounts": {
        status: 400,
        message: validation.id,
        errors: { categories: validation.id },
      },
    });
    await userEvent.type(screen.getByRole("textbox", { name: "Code" }), "SHOES10");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Percentage off (%)" }), "10");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Applies to" }), "Some categories");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Watches" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Discount" }));

    await waitFor(() =>
      expect(screen.getByRole("group", { name: "Categories" })).toHaveAccessibleDescription(validation.id),
    );
  });
});

describe("the discount edit page", () => {
  it("shows the code's uses, paid orders and revenue, fills the form, and saves it with PUT", async () => {
    const saved: StubRequest[] = [];
    renderPage(`/dashboard/discounts/${shoes10._id}`, {
      [`GET /api/discounts/${shoes10._id}`]: { data: shoes10 },
      [`PUT /api/discounts/${shoes10._id}`]: (request) => {
        saved.push(request);
        return { data: { ...shoes10, value: 15 } };
      },
    });
    const figures = await screen.findByRole("region", { name: "Performance" });
    expect(figures).toHaveTextContent("Uses3 / 100");
    expect(figures).toHaveTextContent("Paid orders2");
    expect(figures).toHaveTextContent("Revenue$1,234.50");
    expect(figures).toHaveTextContent("Status: scheduled");
    // A used code is kept for its orders: no Delete.
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();

    expect(screen.getByRole("textbox", { name: "Code" })).toHaveValue("SHOES10");
    expect(field("Starts")).toHaveValue(
      (() => {
        const d = new Date(shoes10.startsAt ?? "");
        const p = (n: number) => String(n).padStart(2, "0");
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
      })(),
    );
    expect(await screen.findByRole("checkbox", { name: "Shoes" })).toBeChecked();

    const value = screen.getByRole("spinbutton", { name: "Percentage off (%)" });
    await userEvent.clear(value);
    await userEvent.type(value, "15");
    await userEvent.click(screen.getByRole("button", { name: "Save Discount" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({
      code: "SHOES10",
      type: "percentage",
      value: 15,
      minSubtotal: 50,
      startsAt: shoes10.startsAt,
      endsAt: null,
      usageLimit: 100,
      perCustomerLimit: 1,
      appliesTo: "categories",
      categories: [shoes._id],
      products: [],
      combinesWithSale: false,
      isActive: true,
    });
  });

  it("names a code's saved products in its chips", async () => {
    renderPage(`/dashboard/discounts/${unused._id}`, {
      [`GET /api/discounts/${unused._id}`]: { data: unused },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
    });
    const chosen = await screen.findByRole("list", { name: "Chosen products" });
    expect(await within(chosen).findByText(lamp.name)).toBeVisible();
  });

  it("tells the server's refusal to delete a code an order used meanwhile in a toast, and stays", async () => {
    const { router, requests } = renderPage(`/dashboard/discounts/${unused._id}`, {
      [`GET /api/discounts/${unused._id}`]: { data: unused },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      [`DELETE /api/discounts/${unused._id}`]: { status: 409, message: discountCodes.usedCannotBeDeleted },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete discount code" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(discountCodes.usedCannotBeDeleted));
    expect(router.state.location.pathname).toBe(`/dashboard/discounts/${unused._id}`);
    expect(writes(requests).map((request) => request.method)).toEqual(["DELETE"]);
  });

  it("deletes a code no order used, after asking, and goes back to the list", async () => {
    const { router } = renderPage(`/dashboard/discounts/${unused._id}`, {
      [`GET /api/discounts/${unused._id}`]: { data: unused },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      [`DELETE /api/discounts/${unused._id}`]: { data: null },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete discount code" });
    expect(dialog).toHaveTextContent("LAMPDEAL");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByRole("heading", { name: "All Discount Codes" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/dashboard/discounts");
    expect(toast.success).toHaveBeenCalledWith(successes.discountDeleted);
  });

  it("says the code is not found for an unknown id", async () => {
    renderPage("/dashboard/discounts/000000000000000000000000", {
      "GET /api/discounts/000000000000000000000000": { status: 404, message: discountCodes.notFound },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${discountCodes.notFound}`);
  });
});
