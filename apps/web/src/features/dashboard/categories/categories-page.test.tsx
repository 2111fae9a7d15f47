import { api, categoryActions, successes, taxFields, validation } from "@shop/shared/messages";
import type { CategoryDto } from "@shop/shared/schemas/category";
import type { UserDto } from "@shop/shared/schemas/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { shoes, staff, watches } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CategoriesPage } from "./categories-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

/** Watches with a rate and code of their own; shoes with the shop's (none in the DTO). */
const taxedWatches: CategoryDto = { ...watches, taxRate: 12, hsnCode: "9102" };

function renderPage(role: UserDto["role"], routes: StubRoutes = {}) {
  useSession.getState().setUser(staff(role));
  const stub = stubApi({ "GET /api/categories": { data: [shoes, taxedWatches] }, ...routes });
  renderRoutes([{ path: "/dashboard/categories", element: <CategoriesPage /> }], "/dashboard/categories");
  const writes = () => stub.requests.filter((request) => request.method !== "GET");
  return { ...stub, writes };
}

/** A category's row, found by its name. */
async function row(name: string) {
  const cell = await screen.findByRole("cell", { name });
  const tr = cell.closest("tr");
  if (!tr) throw new Error(`No row for ${name}`);
  return within(tr);
}

beforeEach(() => {
  useSession.getState().clear();
});

describe("the dashboard's categories", () => {
  it("shows each category's GST rate and HSN code, or the shop's default", async () => {
    renderPage("admin");

    const shoesRow = await row("Shoes");
    expect(shoesRow.getAllByText(taxFields.shopDefault)).toHaveLength(2);
    const watchesRow = await row("Watches");
    expect(watchesRow.getByText("12%")).toBeVisible();
    expect(watchesRow.getByText("9102")).toBeVisible();
  });

  it("names each category's product count, as a phone's card has no column headers", async () => {
    renderPage("manager");

    const shoesRow = await row("Shoes");
    const label = shoesRow.getByText(`${taxFields.productsShort}:`);
    expect(label.closest("td")).toHaveTextContent(`${taxFields.productsShort}: ${shoes.count}`);
  });

  it("lets an admin change a category's rate and HSN code, reads the categories again, and shows the saved values", async () => {
    const { requests, writes } = renderPage("admin", {
      [`PUT /api/categories/${shoes._id}/tax`]: () => ({ data: { ...shoes, taxRate: 5, hsnCode: "6403" } }),
    });
    await userEvent.click(await screen.findByRole("button", { name: taxFields.edit("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: taxFields.editTitle("Shoes") });

    const rate = within(dialog).getByRole("combobox", { name: taxFields.rate });
    expect(rate).toHaveDisplayValue(taxFields.shopDefault);
    await userEvent.selectOptions(rate, "5%");
    await userEvent.type(within(dialog).getByRole("textbox", { name: taxFields.hsn }), "6403");
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: taxFields.hsnDescription }),
      "Footwear leather",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: taxFields.save }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(successes.categoryTaxSaved));
    expect(writes()).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: `/api/categories/${shoes._id}/tax`,
        body: { taxRate: 5, taxSlabs: null, hsnCode: "6403", hsnDescription: "Footwear leather" },
      }),
    ]);
    await waitFor(() =>
      expect(requests.filter((request) => request.path === "/api/categories")).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The list read again is the stub's, from before the change (as a browser's cached copy may be).
    const shoesRow = await row("Shoes");
    expect(shoesRow.getByText("5%")).toBeVisible();
    expect(shoesRow.getByText("6403")).toBeVisible();
  });

  it("puts the server's refusal of an HSN code under its field in the tax dialog", async () => {
    renderPage("admin", {
      [`PUT /api/categories/${watches._id}/tax`]: {
        status: 400,
        message: "Some fields are invalid. Please check your inputs and try again.",
        errors: { hsnCode: validation.hsnCode },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: taxFields.edit("Watches") }));
    const dialog = await screen.findByRole("dialog", { name: taxFields.editTitle("Watches") });
    // 12% is no longer one of GST 2.0's rates: a category that kept it shows it under "Other…".
    expect(within(dialog).getByRole("combobox", { name: taxFields.rate })).toHaveDisplayValue(
      taxFields.other,
    );
    expect(within(dialog).getByRole("spinbutton", { name: taxFields.otherRate })).toHaveValue(12);
    await userEvent.click(within(dialog).getByRole("button", { name: taxFields.save }));

    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: taxFields.hsn })).toHaveAccessibleDescription(
        `${taxFields.categoryHsnHint} ${validation.hsnCode}`,
      ),
    );
    expect(dialog).toBeVisible();
  });

  it("shows a manager the rates without a way to change them", async () => {
    renderPage("manager");

    const watchesRow = await row("Watches");
    expect(watchesRow.getByText("12%")).toBeVisible();
    expect(screen.queryByRole("button", { name: taxFields.edit("Watches") })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Edit tax of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument();
  });

  it("lets an admin add a category with a rate of its own, typed under 'Other…', and the shop's HSN code", async () => {
    const { writes } = renderPage("admin", {
      "POST /api/categories": {
        status: 201,
        data: {
          _id: "c3c3c3c3c3c3c3c3c3c3c3c3",
          name: "Garden Tools",
          slug: "garden-tools",
          count: 0,
          taxRate: 2.5,
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "New Category" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Category" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Name" }), "Garden Tools");
    await userEvent.selectOptions(
      within(dialog).getByRole("combobox", { name: taxFields.rate }),
      taxFields.other,
    );
    await userEvent.type(within(dialog).getByRole("spinbutton", { name: taxFields.otherRate }), "2.5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Category" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      name: "Garden Tools",
      slug: "garden-tools",
      taxRate: 2.5,
      taxSlabs: null,
      hsnCode: null,
    });
  });

  it("lets an admin tax a category by the price of a piece, GST 2.0's slabs suggested, and shows them in the list", async () => {
    const apparel = [
      { upTo: 2500, rate: 5 },
      { upTo: null, rate: 18 },
    ];
    let saved = false;
    const { writes } = renderPage("admin", {
      [`PUT /api/categories/${shoes._id}/tax`]: () => {
        saved = true;
        return { data: { ...shoes, taxSlabs: apparel } };
      },
      "GET /api/categories": () => ({
        data: [saved ? { ...shoes, taxSlabs: apparel } : shoes, taxedWatches],
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: taxFields.edit("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: taxFields.editTitle("Shoes") });
    await userEvent.selectOptions(
      within(dialog).getByRole("combobox", { name: taxFields.rate }),
      taxFields.byPrice,
    );
    const slabs = within(dialog).getByRole("group", { name: taxFields.slabsTitle });
    expect(within(slabs).getByRole("spinbutton", { name: taxFields.slabUpTo(1) })).toHaveValue(2500);
    expect(within(slabs).getByRole("spinbutton", { name: taxFields.slabRate(1) })).toHaveValue(5);
    expect(within(slabs).getByRole("spinbutton", { name: taxFields.slabAboveRate })).toHaveValue(18);
    // A slab added and removed again leaves the suggestion.
    await userEvent.click(within(slabs).getByRole("button", { name: taxFields.addSlab }));
    await userEvent.click(within(slabs).getByRole("button", { name: taxFields.removeSlab(2) }));
    expect(within(slabs).queryByRole("spinbutton", { name: taxFields.slabUpTo(2) })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: taxFields.save }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      taxRate: null,
      taxSlabs: apparel,
      hsnCode: null,
      hsnDescription: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const shoesRow = await row("Shoes");
    expect(shoesRow.getByText(taxFields.slabsSummary([5, 18]))).toBeVisible();
  });

  it("gives a manager's new category the shop's defaults, with no tax fields to fill", async () => {
    const { writes } = renderPage("manager", {
      "POST /api/categories": {
        status: 201,
        data: { _id: "c4c4c4c4c4c4c4c4c4c4c4c4", name: "Garden Tools", slug: "garden-tools", count: 0 },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "New Category" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Category" });
    expect(within(dialog).queryByRole("combobox", { name: taxFields.rate })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Name" }), "Garden Tools");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Category" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ name: "Garden Tools", taxRate: null, hsnCode: null });
  });

  it("lets an admin rename a category, its slug kept, and shows the new name", async () => {
    let saved = false;
    const { writes } = renderPage("admin", {
      [`PATCH /api/categories/${shoes._id}`]: () => {
        saved = true;
        return { data: { ...shoes, name: "Footwear" } };
      },
      "GET /api/categories": () => ({
        data: [saved ? { ...shoes, name: "Footwear" } : shoes, taxedWatches],
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: categoryActions.rename("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: categoryActions.renameTitle("Shoes") });
    const name = within(dialog).getByRole("textbox", { name: categoryActions.name });
    expect(name).toHaveValue("Shoes");
    expect(name).toHaveAccessibleDescription(categoryActions.slugKept("shoes"));
    await userEvent.clear(name);
    await userEvent.type(name, "Footwear");
    await userEvent.click(within(dialog).getByRole("button", { name: categoryActions.saveName }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(successes.categoryRenamed));
    expect(writes()).toEqual([
      expect.objectContaining({
        method: "PATCH",
        path: `/api/categories/${shoes._id}`,
        body: { name: "Footwear" },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("cell", { name: "Footwear" })).toBeVisible();
  });

  it("puts the server's refusal of a taken name under the name, the dialog still open", async () => {
    renderPage("admin", {
      [`PATCH /api/categories/${shoes._id}`]: {
        status: 409,
        message: api.categoryNameTaken,
        errors: { name: api.categoryNameTaken },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: categoryActions.rename("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: categoryActions.renameTitle("Shoes") });
    const name = within(dialog).getByRole("textbox", { name: categoryActions.name });
    await userEvent.clear(name);
    await userEvent.type(name, "watches");
    await userEvent.click(within(dialog).getByRole("button", { name: categoryActions.saveName }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        `${categoryActions.slugKept("shoes")} ${api.categoryNameTaken}`,
      ),
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(dialog).toBeVisible();
  });

  it("offers a manager no rename and no deletion", async () => {
    renderPage("manager");
    await row("Shoes");
    expect(screen.queryByRole("button", { name: categoryActions.rename("Shoes") })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: categoryActions.delete("Shoes") })).not.toBeInTheDocument();
  });

  it("asks an admin where a category's products go, then deletes it with them moved there", async () => {
    let deleted = false;
    const { writes } = renderPage("admin", {
      [`DELETE /api/categories/${shoes._id}`]: () => {
        deleted = true;
        return { data: null };
      },
      "GET /api/categories": () => ({ data: deleted ? [taxedWatches] : [shoes, taxedWatches] }),
    });
    await userEvent.click(await screen.findByRole("button", { name: categoryActions.delete("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: categoryActions.deleteTitle("Shoes") });
    const moveTo = within(dialog).getByRole("combobox", { name: categoryActions.moveTo });
    // The other categories only.
    expect(
      within(moveTo)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([categoryActions.chooseCategory, "Watches"]);
    await userEvent.click(within(dialog).getByRole("button", { name: categoryActions.confirmDelete }));
    expect(moveTo).toHaveAccessibleDescription(
      `${categoryActions.moveHint} ${categoryActions.moveToRequired}`,
    );
    expect(writes()).toEqual([]);

    await userEvent.selectOptions(moveTo, "Watches");
    await userEvent.click(within(dialog).getByRole("button", { name: categoryActions.confirmDelete }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(successes.categoryDeleted));
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({ method: "DELETE", path: `/api/categories/${shoes._id}` });
    expect(writes()[0]?.query.get("moveTo")).toBe(watches._id);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Shoes" })).not.toBeInTheDocument());
  });

  it("deletes a category without active products at once, and asks where its other products go when the server says it has some", async () => {
    const empty: CategoryDto = { ...shoes, count: 0 };
    const { writes } = renderPage("admin", {
      "GET /api/categories": { data: [empty, taxedWatches] },
      [`DELETE /api/categories/${shoes._id}`]: (request) =>
        request.query.get("moveTo")
          ? { data: null }
          : {
              status: 409,
              message: api.categoryHasProducts(2),
              errors: { moveTo: api.categoryHasProducts(2) },
            },
    });
    await userEvent.click(await screen.findByRole("button", { name: categoryActions.delete("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: categoryActions.deleteTitle("Shoes") });
    expect(within(dialog).getByText(categoryActions.deleteEmpty)).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: categoryActions.confirmDelete }));

    const moveTo = await within(dialog).findByRole("combobox", { name: categoryActions.moveTo });
    expect(moveTo).toHaveAccessibleDescription(`${categoryActions.moveHint} ${api.categoryHasProducts(2)}`);
    expect(toast.error).not.toHaveBeenCalled();
    await userEvent.selectOptions(moveTo, "Watches");
    await userEvent.click(within(dialog).getByRole("button", { name: categoryActions.confirmDelete }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[0]?.query.get("moveTo")).toBeNull();
    expect(writes()[1]?.query.get("moveTo")).toBe(watches._id);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says a category's products need another category when it is the only one", async () => {
    const { writes } = renderPage("admin", { "GET /api/categories": { data: [shoes] } });
    await userEvent.click(await screen.findByRole("button", { name: categoryActions.delete("Shoes") }));
    const dialog = await screen.findByRole("dialog", { name: categoryActions.deleteTitle("Shoes") });
    expect(within(dialog).getByText(categoryActions.noOtherCategory)).toBeVisible();
    expect(within(dialog).getByRole("button", { name: categoryActions.confirmDelete })).toBeDisabled();
    expect(writes()).toEqual([]);
  });
});
