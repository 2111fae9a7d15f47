import { api as apiMessages, empty, errors, successes } from "@shop/shared/messages";
import type { DiscountDto } from "@shop/shared/schemas/discount";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { shoes, watches } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { DiscountsPage } from "./discounts-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const CREATED = "2026-11-20T10:00:00.000Z";

const shoes10: DiscountDto = {
  _id: "d1d1d1d1d1d1d1d1d1d1d1d1",
  code: "SHOES10",
  type: "percentage",
  value: 10,
  minSubtotal: null,
  startsAt: null,
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  appliesTo: "categories",
  categories: [shoes._id],
  products: [],
  combinesWithSale: false,
  isActive: true,
  usedCount: 3,
  status: "active",
  createdAt: CREATED,
  updatedAt: CREATED,
};

const welcome: DiscountDto = {
  ...shoes10,
  _id: "d2d2d2d2d2d2d2d2d2d2d2d2",
  code: "WELCOME25",
  type: "fixed",
  value: 25,
  usageLimit: null,
  appliesTo: "all",
  categories: [],
  usedCount: 0,
  isActive: false,
  status: "inactive",
  endsAt: "2026-12-31T18:29:00.000Z",
};

const shipFree: DiscountDto = {
  ...welcome,
  _id: "d3d3d3d3d3d3d3d3d3d3d3d3",
  code: "SHIPFREE",
  type: "free_shipping",
  value: 0,
  appliesTo: "products",
  products: ["e5e5e5e5e5e5e5e5e5e5e5e5", "e7e7e7e7e7e7e7e7e7e7e7e7"],
  isActive: true,
  status: "scheduled",
  startsAt: "2026-12-01T04:30:00.000Z",
  endsAt: null,
};

const meta = (total: number) => ({ page: 1, size: 8, pageCount: Math.ceil(total / 8), total });

/** The list as the API filters it: by `status` when one is asked for. */
function discountList(items: DiscountDto[]) {
  return ({ query }: StubRequest) => {
    const status = query.get("status");
    const found = items.filter((discount) => !status || discount.status === status);
    return { data: found, meta: meta(found.length) };
  };
}

const CATEGORIES = { "GET /api/categories": { data: [shoes, watches] } };

function renderDiscounts(path: string, routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({ ...CATEGORIES, ...routes });
  const rendered = renderRoutes(
    [
      { path: "/dashboard/discounts", element: <DiscountsPage /> },
      { path: "/dashboard/discounts/:discountId", element: <h1>Edit Discount</h1> },
    ],
    path,
  );
  return { ...stub, ...rendered };
}

const listRequests = (requests: StubRequest[]) =>
  requests.filter((request) => request.method === "GET" && request.path === "/api/discounts");

function rowOf(table: HTMLElement, code: string) {
  const row = within(table).getByRole("link", { name: code }).closest("tr");
  if (!row) throw new Error(`no row for ${code}`);
  return row;
}

describe("the dashboard's Discounts list", () => {
  it("shows each code's value, scope, dates, uses, status and switch", async () => {
    renderDiscounts("/dashboard/discounts", {
      "GET /api/discounts": discountList([shoes10, welcome, shipFree]),
    });
    const table = await screen.findByRole("table", { name: "All Discount Codes" });

    const percent = rowOf(table, "SHOES10");
    await waitFor(() => expect(percent).toHaveTextContent("Shoes"));
    expect(percent).toHaveTextContent("10%");
    expect(percent).toHaveTextContent("3 / 100");
    expect(percent).toHaveTextContent("No dates");
    expect(percent).toHaveTextContent("Status: active");
    expect(within(percent).getByRole("switch", { name: "Active: SHOES10" })).toBeChecked();

    const fixed = rowOf(table, "WELCOME25");
    expect(fixed).toHaveTextContent("$25.00 off");
    expect(fixed).toHaveTextContent("All products");
    expect(fixed).toHaveTextContent("0 / no limit");
    expect(fixed).toHaveTextContent(/Until Dec 31, 2026/);
    expect(fixed).toHaveTextContent("Status: inactive");
    expect(within(fixed).getByRole("switch", { name: "Active: WELCOME25" })).not.toBeChecked();

    const free = rowOf(table, "SHIPFREE");
    expect(free).toHaveTextContent("Free shipping");
    expect(free).toHaveTextContent("2 products");
    expect(free).toHaveTextContent(/From Dec 1, 2026/);
    expect(free).toHaveTextContent("Status: scheduled");

    expect(within(table).getByRole("link", { name: "SHOES10" })).toHaveAttribute(
      "href",
      `/dashboard/discounts/${shoes10._id}`,
    );
  });

  it("opens a code from its row", async () => {
    const { router } = renderDiscounts("/dashboard/discounts", {
      "GET /api/discounts": discountList([shoes10]),
    });
    await userEvent.click(await screen.findByRole("link", { name: "SHOES10" }));
    expect(await screen.findByRole("heading", { name: "Edit Discount" })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/dashboard/discounts/${shoes10._id}`);
  });

  it("asks for the status, keyword and page in the address, and a new status returns to page 1", async () => {
    const { requests, router } = renderDiscounts(
      "/dashboard/discounts?status=inactive&page=2&size=20&keyword=welcome",
      { "GET /api/discounts": discountList([shoes10, welcome]) },
    );
    expect(await screen.findByRole("table", { name: "Inactive Codes" })).toBeVisible();
    expect(Object.fromEntries(listRequests(requests)[0]?.query ?? [])).toEqual({
      status: "inactive",
      page: "2",
      size: "20",
      keyword: "welcome",
    });
    expect(screen.getByLabelText("Status")).toHaveValue("inactive");

    await userEvent.selectOptions(screen.getByLabelText("Status"), "Used up");
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await waitFor(() =>
      expect(search()).toEqual({ status: "used-up", page: "1", size: "20", keyword: "welcome" }),
    );
    expect(await screen.findByText(empty.usedUpDiscounts)).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText("Status"), "All");
    await waitFor(() => expect(search()).toEqual({ page: "1", size: "20", keyword: "welcome" }));
    expect(listRequests(requests).at(-1)?.query.has("status")).toBe(false);
  });

  it("takes an unknown status in the address for every code", async () => {
    const { requests } = renderDiscounts("/dashboard/discounts?status=deleted", {
      "GET /api/discounts": discountList([shoes10]),
    });
    expect(await screen.findByRole("table", { name: "All Discount Codes" })).toBeVisible();
    expect(listRequests(requests)[0]?.query.has("status")).toBe(false);
  });

  it("says when there is no code yet", async () => {
    renderDiscounts("/dashboard/discounts", { "GET /api/discounts": { data: [], meta: meta(0) } });
    expect(await screen.findByText(empty.discounts)).toBeVisible();
  });

  it("switches a code off with PATCH, says so, and reloads the list", async () => {
    let active = true;
    const { requests } = renderDiscounts("/dashboard/discounts", {
      "GET /api/discounts": (request) =>
        discountList([{ ...shoes10, isActive: active, status: active ? "active" : "inactive" }])(request),
      [`PATCH /api/discounts/${shoes10._id}`]: ({ body }) => {
        active = (body as { isActive: boolean }).isActive;
        return { data: { ...shoes10, isActive: active, status: "inactive" }, message: apiMessages.updated };
      },
    });
    const toggle = await screen.findByRole("switch", { name: "Active: SHOES10" });
    await userEvent.click(toggle);

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(successes.discountStatus(false)));
    const table = screen.getByRole("table", { name: "All Discount Codes" });
    await waitFor(() => expect(rowOf(table, "SHOES10")).toHaveTextContent("Status: inactive"));
    expect(screen.getByRole("switch", { name: "Active: SHOES10" })).not.toBeChecked();
    expect(requests.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
      { isActive: false },
    ]);
    expect(listRequests(requests)).toHaveLength(2);
  });

  it("tells the server's refusal of a switch in a toast and keeps the code as it was", async () => {
    renderDiscounts("/dashboard/discounts", {
      "GET /api/discounts": discountList([shoes10]),
      [`PATCH /api/discounts/${shoes10._id}`]: { status: 404, message: "Discount not found." },
    });
    await userEvent.click(await screen.findByRole("switch", { name: "Active: SHOES10" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Discount not found."));
    expect(screen.getByRole("switch", { name: "Active: SHOES10" })).toBeChecked();
  });

  it("shows SPEC's failure text when the list cannot be loaded", async () => {
    renderDiscounts("/dashboard/discounts", { "GET /api/discounts": { status: 500 } });
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${errors.tryReloading}`);
  });
});
