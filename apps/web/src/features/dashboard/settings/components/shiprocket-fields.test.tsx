import { settingsPage, validation } from "@shop/shared/messages";
import { shiprocketSettings as labels } from "@shop/shared/messages/shipping";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SETTINGS } from "#web/features/dashboard/settings/settings-fixture";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ShippingForm } from "./shipping-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const SHIPPING = {
  ...SETTINGS.shipping,
  shiprocket: {
    pickupLocation: "Andheri",
    courierRule: "recommended" as const,
    answersDelivery: false,
    defaultWeightKg: 0.5,
    defaultDimensionsCm: { length: 20, breadth: 15, height: 10 },
  },
};

function open() {
  const stub = stubApi({
    "GET /api/settings/shipping/:methodId/pincodes": {
      data: [],
      meta: { page: 1, size: 20, pageCount: 0, total: 0 },
    },
    "PUT /api/settings/shipping": (request) => ({ data: request.body }),
  });
  renderRoutes(
    [{ path: "/", element: <ShippingForm value={SHIPPING} currency="INR" readOnly={false} /> }],
    "/",
  );
  return { ...stub, group: within(screen.getByRole("group", { name: labels.title })) };
}

const saveButton = () =>
  screen.getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.shipping.title) });

describe("the shipping section's Shiprocket group", () => {
  it("shows the five settings with their limits, and saves them changed with the rest of the section", async () => {
    const { requests, group } = open();
    expect(group.getByRole("textbox", { name: labels.pickupLocation })).toHaveValue("Andheri");
    const rule = group.getByRole("combobox", { name: labels.courierRule });
    expect(rule).toHaveDisplayValue(labels.courierRules.recommended);
    expect(group.getByRole("spinbutton", { name: labels.defaultWeight })).toHaveAccessibleDescription(
      "From 0.001 to 1,000.",
    );
    expect(group.getByRole("spinbutton", { name: labels.defaultHeight })).toHaveAccessibleDescription(
      "From 0.6 to 500.",
    );

    await userEvent.clear(group.getByRole("textbox", { name: labels.pickupLocation }));
    await userEvent.type(group.getByRole("textbox", { name: labels.pickupLocation }), "Whitefield");
    await userEvent.selectOptions(rule, labels.courierRules.fastest);
    await userEvent.click(group.getByRole("switch", { name: labels.answersDelivery }));
    const weight = group.getByRole("spinbutton", { name: labels.defaultWeight });
    await userEvent.clear(weight);
    await userEvent.type(weight, "1.2");
    const length = group.getByRole("spinbutton", { name: labels.defaultLength });
    await userEvent.clear(length);
    await userEvent.type(length, "35.5");
    await userEvent.click(saveButton());

    await waitFor(() => expect(requests.filter((request) => request.method === "PUT")).toHaveLength(1));
    expect(requests.find((request) => request.method === "PUT")?.body).toMatchObject({
      methods: SHIPPING.methods,
      shiprocket: {
        pickupLocation: "Whitefield",
        courierRule: "fastest",
        answersDelivery: true,
        defaultWeightKg: 1.2,
        defaultDimensionsCm: { length: 35.5, breadth: 15, height: 10 },
      },
    });
  });

  it("refuses an emptied default side and a weight of 0 at their fields, and sends nothing", async () => {
    const { requests, group } = open();
    const weight = group.getByRole("spinbutton", { name: labels.defaultWeight });
    await userEvent.clear(weight);
    await userEvent.type(weight, "0");
    await userEvent.clear(group.getByRole("spinbutton", { name: labels.defaultBreadth }));
    await userEvent.click(saveButton());

    await waitFor(() =>
      expect(group.getByRole("spinbutton", { name: labels.defaultBreadth })).toHaveAccessibleDescription(
        `From 0.6 to 500. ${validation.required}`,
      ),
    );
    expect(weight).toHaveAccessibleDescription(`From 0.001 to 1,000. ${validation.min(0.001)}`);
    expect(requests.filter((request) => request.method === "PUT")).toEqual([]);
  });
});
