import { categoryActions, inCurrency, inventoryPage, shipmentWords, successes } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { OTHER_CARRIER } from "@shop/shared/schemas/settings";
import { dataOf } from "./support/api";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";

const JAIPUR = {
  name: { firstName: "Ananya", lastName: "Rao" },
  countryCode: "91",
  phoneNumber: "9829012345",
  building: "12, Hawa Sadak Apartments",
  street: "Civil Lines",
  city: "Jaipur",
  state: "Rajasthan",
  pinCode: "302006",
  country: "India",
} satisfies AddressInput;

const RUPEES = { code: "INR", locale: "en-IN" };
const RUPEE = "₹";
/** A date and time as en-IN writes them: "26 Nov 2026, 2:17 pm". */
const IN_DATE_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/;

test.use({ signedInAs: "admin" });

// NOTE: the journeys of a worker share its server: this one puts the currency back as it found it,
// whatever happens, before the next journey of the worker runs.
test("in an INR shop the owner's forms say ₹, a category is renamed and deleted with its products moved, a stock movement opens its order, and a parcel with carrier Other shows the carrier's name", async ({
  page,
  api,
  newShopper,
}, testInfo) => {
  const out = (name: string) => testInfo.outputPath(name);
  const admin = await api.as("admin");
  const before = (await (await admin.get("/api/settings")).json()).data;
  try {
    await dataOf(await admin.put("/api/settings/currency", { data: RUPEES }), 200);
    // Two categories of this run, a saree in the first, and a shopper's paid order of it.
    const token = Math.random().toString(36).slice(2, 8);
    const newCategory = async (name: string) =>
      dataOf<{ _id: string; name: string }>(
        await admin.post("/api/categories", { data: { name, slug: name.toLowerCase().replace(/ /g, "-") } }),
        201,
      );
    const sarees = await newCategory(`Sarees ${token}`);
    const handloom = await newCategory(`Handloom ${token}`);
    const demo = await firstProduct(admin);
    const saree = await dataOf<{ _id: string; name: string }>(
      await admin.post("/api/products", {
        data: {
          name: `Chanderi silk saree ${token}`,
          description:
            "A Chanderi silk saree with a zari border, woven by hand in Madhya Pradesh, with its blouse piece.",
          price: 4999,
          onSale: false,
          stock: 20,
          isActive: true,
          category: sarees._id,
          thumbnail: demo.thumbnail._id,
          gallery: [],
        },
      }),
      201,
    );
    const shopper = await newShopper({ firstName: JAIPUR.name.firstName, lastName: JAIPUR.name.lastName });
    const { orderId, number } = await paidInvoicedOrder(shopper.api, {
      products: [saree._id],
      address: JAIPUR,
    });

    // The product form's prices are in rupees.
    await page.goto("/dashboard/products/new");
    await expect(page.getByLabel(inCurrency("Price", RUPEE), { exact: true })).toBeVisible();
    await expect(page.getByLabel(inCurrency("Sale price", RUPEE), { exact: true })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("($)");
    await screenshots(page, "owner-product-form-inr", out);

    // So are the discount form's amount off and minimum subtotal.
    await page.goto("/dashboard/discounts/new");
    await page.getByLabel("Type", { exact: true }).selectOption("fixed");
    await expect(page.getByLabel(inCurrency("Amount off", RUPEE), { exact: true })).toBeVisible();
    await expect(page.getByLabel(inCurrency("Minimum subtotal", RUPEE), { exact: true })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("($)");
    await screenshots(page, "owner-discount-form-inr", out);

    // The categories page: the first category renamed through its dialog...
    await page.goto(`/dashboard/categories?keyword=${token}`);
    const table = page.getByRole("table", { name: "All Categories" });
    await page.getByRole("button", { name: categoryActions.rename(sarees.name) }).click();
    const rename = page.getByRole("dialog", { name: categoryActions.renameTitle(sarees.name) });
    const renamed = `Banarasi sarees ${token}`;
    await rename.getByLabel(categoryActions.name, { exact: true }).fill(renamed);
    await screenshots(page, "owner-category-rename", out, { fullPage: false });
    await rename.getByRole("button", { name: categoryActions.saveName, exact: true }).click();
    await closeToast(page, successes.categoryRenamed);
    await expect(rename).toBeHidden();
    await expect(table.getByRole("cell", { name: renamed, exact: true })).toBeVisible();
    await expect(table.getByRole("cell", { name: sarees.name, exact: true })).toHaveCount(0);

    // ...then deleted, its saree moved to the other one.
    await page.getByRole("button", { name: categoryActions.delete(renamed) }).click();
    const remove = page.getByRole("dialog", { name: categoryActions.deleteTitle(renamed) });
    await remove.getByLabel(categoryActions.moveTo).selectOption({ label: handloom.name });
    await screenshots(page, "owner-category-delete", out, { fullPage: false });
    await remove.getByRole("button", { name: categoryActions.confirmDelete, exact: true }).click();
    await closeToast(page, successes.categoryDeleted);
    await expect(remove).toBeHidden();
    await expect(table.getByRole("cell", { name: renamed, exact: true })).toHaveCount(0);
    // Its Products column ("Products: 1" on a phone's card): the saree counts there now.
    await expect(
      table.getByRole("row").filter({ hasText: handloom.name }).getByRole("cell").nth(4),
    ).toHaveText(/\b1$/);
    const moved = await dataOf<{ category: { _id: string; name: string } }>(
      await admin.get(`/api/products/${saree._id}`),
      200,
    );
    expect(moved.category).toMatchObject({ _id: handloom._id, name: handloom.name });
    await screenshots(page, "owner-categories-after", out);

    // The inventory page: the saree's stock log links its sale to the order, and the link opens it.
    await page.goto(`/dashboard/inventory?keyword=${encodeURIComponent(saree.name)}`);
    await page.getByRole("button", { name: inventoryPage.logOf(saree.name) }).click();
    const log = page.getByRole("dialog", { name: inventoryPage.logTitle(saree.name) });
    const sale = log.getByRole("listitem").filter({ hasText: inventoryPage.causes.placement });
    await expect(sale).toContainText("-1");
    await expect(sale.locator("time")).toHaveText(IN_DATE_TIME);
    const orderLink = sale.getByRole("link", { name: inventoryPage.movementOrder(number), exact: true });
    await expect(orderLink).toBeVisible();
    await screenshots(page, "owner-stock-log-order", out, { fullPage: false });
    await orderLink.click();
    await expect(page).toHaveURL(`/dashboard/orders/order/${orderId}`);
    await expect(page.getByRole("main")).toContainText(`#${number}`);

    // Shipped with carrier Other: the dialog asks the carrier's name, and the parcel shows it.
    await page.getByRole("button", { name: shipmentWords.shipItems }).click();
    const ship = page.getByRole("dialog", { name: shipmentWords.dialogTitle });
    await ship.getByLabel(shipmentWords.carrier, { exact: true }).selectOption(OTHER_CARRIER);
    const carrierName = "Shree Maruti Courier";
    await ship.getByLabel(shipmentWords.carrierName).fill(carrierName);
    await ship.getByLabel(shipmentWords.trackingNumber).fill("SMC40012345");
    await screenshots(page, "owner-ship-other-carrier", out, { fullPage: false });
    await ship.getByRole("button", { name: shipmentWords.submit, exact: true }).click();
    await closeToast(page, shipmentWords.created);
    await expect(ship).toBeHidden();
    const parcels = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: shipmentWords.title, exact: true }) });
    await expect(parcels).toContainText(`${carrierName} SMC40012345`);
    await expect(parcels.locator("time").first()).toHaveText(IN_DATE_TIME);
    await expect(page.getByRole("main")).toContainText(`${RUPEE}4,999.00`);
    await screenshots(page, "owner-order-shipped-other", out);
  } finally {
    const response = await admin.put("/api/settings/currency", { data: before.currency });
    expect(response.status()).toBe(200);
  }
});
