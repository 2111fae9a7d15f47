import { settingsPage } from "@shop/shared/messages";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "#web/lib/session";
import { stubApi } from "#web/test/api-stub";
import { staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SETTINGS } from "./settings-fixture";
import { SettingsPage } from "./settings-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const { sections, taxes, shipping, checkout } = settingsPage;

/** The Settings page as an admin sees it, filled from SETTINGS, with no history. */
function renderSettings(settings = SETTINGS) {
  useSession.getState().setUser(staff("admin"));
  stubApi({
    "GET /api/settings": { data: settings },
    "GET /api/settings/history": { data: [], meta: { page: 1, size: 10, pageCount: 0, total: 0 } },
  });
  renderRoutes([{ path: "/dashboard/settings", element: <SettingsPage /> }], "/dashboard/settings");
}

/** A section's form, found by its title. */
const section = (title: string) => screen.getByRole("form", { name: title });
/** Waits for the forms to be filled. */
const loaded = () => screen.findByRole("form", { name: sections.store.title });

beforeEach(() => {
  useSession.getState().clear();
});

describe("the Settings page's number fields", () => {
  it("says the limits of the reminder delays, the low-stock mark and the return window before they bite, from the schemas", async () => {
    const { marketing, inventory, fulfilment } = settingsPage;
    renderSettings();
    await loaded();
    const reminders = within(section(sections.marketing.title));
    const first = reminders.getByRole("spinbutton", { name: marketing.firstAfterMinutes });
    expect(first).toHaveAccessibleDescription(`${marketing.firstAfterMinutesHint} From 10 to 10,080.`);
    expect(first).toHaveAttribute("min", "10");
    expect(first).toHaveAttribute("max", "10080");
    const second = reminders.getByRole("spinbutton", { name: marketing.secondAfterHours });
    expect(second).toHaveAccessibleDescription(`${marketing.secondAfterHoursHint} From 1 to 336.`);
    expect(second).toHaveAttribute("max", "336");
    const low = within(section(sections.inventory.title)).getByRole("spinbutton", {
      name: inventory.lowStockThreshold,
    });
    expect(low).toHaveAccessibleDescription(expect.stringMatching(/ From 0 to [\d,]+\.$/));
    const days = within(section(sections.fulfilment.title)).getByRole("spinbutton", {
      name: fulfilment.returnWindowDays,
    });
    expect(days).toHaveAccessibleDescription(expect.stringMatching(/ From 0 to \d+\.$/));
  });

  it("says the limits of the checkout's numbers and cash on delivery's before they bite, from the schemas", async () => {
    renderSettings();
    await loaded();
    const form = within(section(sections.checkout.title));
    const field = (name: string) => form.getByRole("spinbutton", { name });

    expect(field(checkout.holdMinutes)).toHaveAccessibleDescription(
      `${checkout.holdMinutesHint} From 5 to 10,080.`,
    );
    expect(field(checkout.holdMinutes)).toHaveAttribute("min", "5");
    expect(field(checkout.holdMinutes)).toHaveAttribute("max", "10080");
    // The server's own most is unknown here: the settings' most, not the ceiling the schema allows.
    expect(field(checkout.maxUnpaidOrders)).toHaveAccessibleDescription(
      `${checkout.maxUnpaidOrdersHint} From 1 to 50.`,
    );
    expect(field(checkout.maxUnpaidOrders)).toHaveAttribute("max", "50");
    expect(field(checkout.maxQuantityPerLine)).toHaveAccessibleDescription(
      `${checkout.maxQuantityPerLineHint} From 1 to 100.`,
    );
    expect(field(checkout.maxQuantityPerLine)).toHaveAttribute("max", "100");
    const money = "From 0 to 9,999,999,999.99.";
    expect(field(checkout.minimumOrder("INR"))).toHaveAccessibleDescription(
      `${checkout.minimumOrderHint} ${money}`,
    );
    expect(field(checkout.codMaxOrderValue("INR"))).toHaveAccessibleDescription(
      `${checkout.codMaxOrderValueHint} ${money}`,
    );
    expect(field(checkout.codFee("INR"))).toHaveAccessibleDescription(`${checkout.codFeeHint} ${money}`);
    expect(field(checkout.codFee("INR"))).toHaveAttribute("max", "9999999999.99");
    expect(field(checkout.codOnlineDiscount("INR"))).toHaveAccessibleDescription(
      `${checkout.codOnlineDiscountHint} ${money}`,
    );
    expect(field(checkout.codConfirmHours)).toHaveAccessibleDescription(
      `${checkout.codConfirmHoursHint} From 1 to 720.`,
    );
    expect(field(checkout.codConfirmHours)).toHaveAttribute("max", "720");
  });

  it("says the most unpaid orders as the server's when it first read more than the settings' most", async () => {
    renderSettings({ ...SETTINGS, checkout: { ...SETTINGS.checkout, maxUnpaidOrders: 500 } });
    await loaded();
    const field = within(section(sections.checkout.title)).getByRole("spinbutton", {
      name: checkout.maxUnpaidOrders,
    });
    expect(field).toHaveAccessibleDescription(`${checkout.maxUnpaidOrdersHint} From 1 to 500.`);
    expect(field).toHaveAttribute("max", "500");
  });

  it("says the limits of a shipping method's price, free-over amount and days, and of the default tax rate", async () => {
    renderSettings();
    await loaded();
    const standard = within(
      within(section(sections.shipping.title)).getByRole("group", { name: "Standard" }),
    );
    const price = standard.getByRole("spinbutton", { name: shipping.price("INR") });
    expect(price).toHaveAccessibleDescription("From 0 to 9,999,999,999.99.");
    expect(price).toHaveAttribute("min", "0");
    expect(price).toHaveAttribute("max", "9999999999.99");
    expect(standard.getByRole("spinbutton", { name: shipping.freeAbove("INR") })).toHaveAccessibleDescription(
      `${shipping.freeAboveHint} From 0 to 9,999,999,999.99.`,
    );
    const days = standard.getByRole("spinbutton", { name: shipping.days });
    expect(days).toHaveAccessibleDescription(`${shipping.daysHint} From 1 to 60.`);
    expect(days).toHaveAttribute("max", "60");

    const rate = within(section(sections.taxes.title)).getByRole("spinbutton", { name: taxes.defaultRate });
    expect(rate).toHaveAccessibleDescription(`${taxes.defaultRateHint} From 0 to 50.`);
    expect(rate).toHaveAttribute("max", "50");
  });
});
