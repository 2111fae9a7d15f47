import { validation } from "@shop/shared/messages";
import { parcelFields } from "@shop/shared/messages/shipping";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { lamp, shoes, watches } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductForm } from "./product-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const sized = { ...lamp, weightKg: 1.25, dimensionsCm: { length: 30, breadth: 20.5, height: 12 } };

function open(product = lamp) {
  const saved: StubRequest[] = [];
  stubApi({
    "GET /api/categories": { data: [shoes, watches] },
    [`PUT /api/products/${product._id}`]: (request) => {
      saved.push(request);
      return { data: product };
    },
  });
  renderRoutes(
    [
      { path: "/dashboard/products/edit/:productId", element: <ProductForm product={product} /> },
      { path: "/dashboard/products", element: <h1>All Products</h1> },
    ],
    `/dashboard/products/edit/${product._id}`,
  );
  return saved;
}

const field = (name: string) => screen.getByRole("spinbutton", { name });
const save = () => userEvent.click(screen.getByRole("button", { name: "Save Product" }));

describe("the product form's Parcel group", () => {
  it("says each size's limits, loads the product's size and sends the one typed", async () => {
    const saved = open(sized);
    await screen.findByRole("option", { name: "Shoes" });
    expect(field(parcelFields.weight)).toHaveValue(1.25);
    expect(field(parcelFields.weight)).toHaveAccessibleDescription(
      `${parcelFields.weightHint} From 0.001 to 1,000.`,
    );
    expect(field(parcelFields.breadth)).toHaveValue(20.5);
    expect(field(parcelFields.height)).toHaveAccessibleDescription(
      `${parcelFields.dimensionHint} From 0.6 to 500.`,
    );

    await userEvent.clear(field(parcelFields.weight));
    await userEvent.type(field(parcelFields.weight), "0.875");
    await userEvent.clear(field(parcelFields.length));
    await userEvent.type(field(parcelFields.length), "42.5");
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({
      weightKg: 0.875,
      dimensionsCm: { length: 42.5, breadth: 20.5, height: 12 },
    });
  });

  it("sends emptied sizes as none (the shop's defaults)", async () => {
    const saved = open(sized);
    await screen.findByRole("option", { name: "Shoes" });
    for (const name of [parcelFields.weight, parcelFields.length, parcelFields.breadth, parcelFields.height])
      await userEvent.clear(field(name));
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ weightKg: null, dimensionsCm: null });
  });

  it("asks for the box's other sides once one is given, refuses a weight of 0, and sends nothing", async () => {
    const saved = open();
    await screen.findByRole("option", { name: "Shoes" });
    await userEvent.type(field(parcelFields.weight), "0");
    await userEvent.type(field(parcelFields.length), "25");
    await save();
    await waitFor(() =>
      expect(field(parcelFields.breadth)).toHaveAccessibleDescription(
        `${parcelFields.dimensionHint} From 0.6 to 500. ${validation.required}`,
      ),
    );
    expect(field(parcelFields.height)).toHaveAccessibleDescription(
      `${parcelFields.dimensionHint} From 0.6 to 500. ${validation.required}`,
    );
    expect(field(parcelFields.weight)).toHaveAccessibleDescription(
      `${parcelFields.weightHint} From 0.001 to 1,000. ${validation.min(0.001)}`,
    );
    expect(saved).toEqual([]);
  });
});
