import { accountNotes, validation, wishlistHeart } from "@shop/shared/messages";
import { pincodeZoneStates } from "@shop/shared/pincode-states";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./support/api";
import { submitLogin } from "./support/auth-forms";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { placeOrder, saveAddress } from "./support/orders";

const ADDRESS = {
  name: { firstName: "Kavya", lastName: "Menon" },
  countryCode: "91",
  phoneNumber: "9845012345",
  building: "Flat 9, Coral Heights",
  street: "Panampilly Nagar Avenue",
  city: "Kochi",
  state: "Kerala",
  pinCode: "682036",
  country: "India",
} satisfies AddressInput;

/** Where the screenshots of the changed screens go, to be looked at. */
const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp/shots";

test.describe("a shopper on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("taps a heart signed out, signs in, and is back on the product with it saved, the save sent once", async ({
    page,
    newShopper,
  }) => {
    const shopper = await newShopper({ firstName: "Kavya", lastName: "Menon" });
    const product = await firstProduct(shopper.api, { minStock: 1 });
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && new URL(request.url()).pathname.startsWith("/api/wishlist/"))
        saves.push(new URL(request.url()).pathname);
    });

    await page.goto(`/product/${product._id}`);
    const heart = page.getByRole("main").getByRole("button", { name: wishlistHeart.save }).first();
    await heart.click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(saves).toEqual([]);
    await submitLogin(page, shopper);

    await expect(page).toHaveURL(`/product/${product._id}`);
    await expect(
      page.getByRole("main").getByRole("button", { name: wishlistHeart.remove }).first(),
    ).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(async () =>
        (await dataOf<{ product: { _id: string } }[]>(await shopper.api.get("/api/wishlist"), 200)).map(
          (item) => item.product._id,
        ),
      )
      .toEqual([product._id]);
    // Reloaded: nothing is sent again.
    await page.reload();
    await expect(
      page.getByRole("main").getByRole("button", { name: wishlistHeart.remove }).first(),
    ).toBeVisible();
    expect(saves).toEqual([`/api/wishlist/${product._id}`]);
  });

  test("opens My Orders from the menu on its own page, /account/orders, and from the profile", async ({
    page,
    newShopper,
  }) => {
    const shopper = await newShopper({ firstName: "Kavya", lastName: "Menon" });
    const product = await firstProduct(shopper.api, { minStock: 2 });
    const orderId = await placeOrder(shopper.api, {
      products: [product._id],
      shippingAddress: await saveAddress(shopper.api, { ...ADDRESS, phoneNumber: "+91 98450 12345" }),
    });
    await page.goto("/auth/login");
    await submitLogin(page, shopper);
    await expect(page).not.toHaveURL(/\/auth\/login/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: accountNotes.myOrdersMenu }).click();
    await expect(page).toHaveURL("/account/orders");
    await expect(page.getByRole("heading", { level: 1, name: accountNotes.myOrders })).toBeVisible();
    const order = page.getByRole("list", { name: "Orders" }).getByRole("link", { name: new RegExp(orderId) });
    await expect(order).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/forms-account-orders-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/forms-account-orders-1280.png`, fullPage: true });
    // The header's account menu goes there too.
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: accountNotes.myOrdersMenu })).toHaveAttribute(
      "href",
      "/account/orders",
    );
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });

    await order.click();
    await expect(page).toHaveURL(`/account/orders/${orderId}`);
    await page.getByRole("link", { name: accountNotes.myOrders }).click();
    await expect(page).toHaveURL("/account/orders");

    await page.goto("/account/profile");
    await page.getByRole("link", { name: accountNotes.allOrders }).click();
    await expect(page).toHaveURL("/account/orders");
  });

  test("types an address as Indians do: the phone whole, the PIN code filling the state, a state it is not in refused", async ({
    page,
    newShopper,
  }) => {
    const shopper = await newShopper({ firstName: "Kavya", lastName: "Menon" });
    await page.goto("/auth/login");
    await submitLogin(page, shopper);
    await expect(page).not.toHaveURL(/\/auth\/login/);
    await page.goto("/account/profile");
    await page.getByRole("button", { name: "Add address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await dialog.getByLabel("First name").fill(ADDRESS.name.firstName);
    await dialog.getByLabel("Last name").fill(ADDRESS.name.lastName);
    const phone = dialog.getByLabel("Phone number");
    await phone.fill("+91 98450 12345");
    await expect(phone).toHaveValue("+91 98450 12345");
    await dialog.getByLabel("Building").fill("Flat 9");
    await dialog.getByLabel("Street").fill(ADDRESS.street);
    await dialog.getByLabel("City").fill(ADDRESS.city);
    await dialog.getByRole("textbox", { name: "PIN code" }).fill(ADDRESS.pinCode);
    const state = dialog.getByRole("combobox", { name: "State" });
    await expect(state).toHaveValue("Kerala");
    await state.selectOption("Karnataka");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog.getByText(validation.atLeast("Building", 10))).toBeVisible();
    await dialog.getByLabel("Building").fill(ADDRESS.building);
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(
      dialog.getByText(validation.pinCodeOtherState("682036", pincodeZoneStates("682036"), "Karnataka")),
    ).toBeVisible();
    await dialog.getByRole("textbox", { name: "PIN code" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/forms-address-form-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/forms-address-form-1280.png` });
    await state.selectOption("Kerala");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog).toHaveCount(0);
    const addresses = await dataOf<{ phoneNumber: string; pinCode: string }[]>(
      await shopper.api.get("/api/users/current-user/addresses"),
      200,
    );
    expect(addresses).toEqual([expect.objectContaining({ phoneNumber: "9845012345", pinCode: "682036" })]);
  });
});

test.describe("the store's details on every page", () => {
  test("the footer and the Contact page print the name, address, email and phone saved in Settings", async ({
    page,
    api,
  }) => {
    const admin = await api.as("admin");
    const { store } = await dataOf<{ store: Record<string, unknown> }>(await admin.get("/api/settings"), 200);
    const details = {
      name: "Kapda House",
      legalName: "Kapda House Textiles LLP",
      address: "12 Residency Road, Bengaluru 560025, Karnataka, India",
      email: "hello@kapda.example",
      phone: "+91 80 4123 4567",
    };
    await dataOf(await admin.put("/api/settings/store", { data: { ...store, ...details } }), 200);
    try {
      for (const [path, region] of [
        ["/", "contentinfo"],
        ["/contact", "article"],
      ] as const) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(path);
        const box = page.getByRole(region).locator("address");
        for (const text of [details.legalName, details.address, details.email, details.phone])
          await expect(box).toContainText(text);
        await expect(box).not.toContainText("Maker Chambers");
        const name = path === "/" ? "footer" : "contact";
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/forms-${name}-390.png`, fullPage: path !== "/" });
        await page.setViewportSize({ width: 1280, height: 800 });
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/forms-${name}-1280.png`, fullPage: path !== "/" });
      }
    } finally {
      await admin.put("/api/settings/store", { data: store });
    }
  });
});
