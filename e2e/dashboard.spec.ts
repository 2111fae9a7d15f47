import { deflateSync } from "node:zlib";
import type { Locator } from "@playwright/test";
import {
  api as apiMessages,
  empty,
  errors,
  formErrors,
  orderHistory,
  successes,
  validation,
} from "@shop/shared/messages";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { payWithTestCard, placeOrder, saveAddress } from "./support/orders";
import { closeToast, expectToast } from "./support/toasts";

const DESCRIPTION =
  "A sturdy product made for the dashboard journey, with a description well past fifty characters.";

function unique(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** A small solid-colour PNG, built by hand: enough for the server's image pipeline. */
function png(rgb: [number, number, number], size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function imageFile(name: string, rgb: [number, number, number]) {
  return { name, mimeType: "image/png", buffer: png(rgb) };
}

test.use({ signedInAs: "admin" });

test("the admin adds a category, and the slug is filled from the name when the name field is left", async ({
  page,
}) => {
  await page.goto("/dashboard/categories");
  await page.getByRole("button", { name: "New Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Category" });
  const name = `Garden ${unique("Tools")}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Slug").focus();
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await closeToast(page, successes.categoryCreated);
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search categories" }).fill(name);
  await page.getByRole("searchbox", { name: "Search categories" }).press("Enter");
  const link = page.getByRole("link", { name: slug });
  await expect(link).toHaveAttribute("href", `/product-category/${slug}`);
  await expect(link).toHaveAttribute("target", "_blank");

  // A second category with the same slug is refused on the slug field.
  await page.getByRole("button", { name: "New Category" }).click();
  await dialog.getByLabel("Slug").fill(slug);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expect(dialog.getByText(apiMessages.categorySlugTaken)).toBeVisible();
});

test("the admin creates a product with pictures uploaded through the picker, sees it in the shop, and deactivates it", async ({
  page,
}) => {
  await page.goto("/dashboard/products/new");
  await page.getByRole("button", { name: "Create Product" }).click();
  await expectToast(page, "Some fields are invalid, please try again.");
  await expect(
    page.getByText(validation.productDescription).or(page.getByText(validation.required)).first(),
  ).toBeVisible();

  const name = `Journey ${unique("Lamp")}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill(DESCRIPTION);
  await page.getByLabel("Price ($)", { exact: true }).fill("40");
  await page.getByLabel("Stock").fill("7");
  await page.getByRole("switch", { name: "On sale" }).click();
  await page.getByLabel("Sale price ($)").fill("30");
  await page.getByLabel("Category").selectOption({ label: "Shoes" });

  await page.getByRole("button", { name: "Choose thumbnail" }).click();
  const thumbPicker = page.getByRole("dialog", { name: "Choose the thumbnail" });
  await thumbPicker
    .getByLabel("Upload an image")
    .setInputFiles(imageFile(`${unique("thumb")}.png`, [200, 40, 40]));
  await expect(thumbPicker.getByRole("button", { pressed: true })).toHaveCount(1);
  await thumbPicker.getByRole("button", { name: "Use selected image" }).click();
  await expect(page.getByRole("img", { name: /^Thumbnail: thumb-/ })).toBeVisible();

  await page.getByRole("button", { name: "Choose gallery images" }).click();
  const galleryPicker = page.getByRole("dialog", { name: "Choose gallery images" });
  await galleryPicker
    .getByLabel("Upload an image")
    .setInputFiles(imageFile(`${unique("side")}.png`, [40, 200, 40]));
  await expect(galleryPicker.getByRole("button", { pressed: true })).toHaveCount(1);
  await galleryPicker
    .getByLabel("Upload an image")
    .setInputFiles(imageFile(`${unique("back")}.png`, [40, 40, 200]));
  await expect(galleryPicker.getByRole("button", { pressed: true })).toHaveCount(2);
  await galleryPicker.getByRole("button", { name: "Use 2 selected" }).click();
  await expect(page.getByRole("img", { name: /^Gallery: / })).toHaveCount(2);

  await page.getByRole("button", { name: "Create Product" }).click();
  await expectToast(page, successes.productSaved);
  await expect(page).toHaveURL("/dashboard/products");

  const found = await page.request.get("/api/products", { params: { keyword: name } });
  const product = ((await found.json()) as { data: { _id: string; name: string }[] }).data.find(
    (row) => row.name === name,
  );
  expect(product).toBeDefined();
  const productUrl = `/product/${product?._id}`;
  await page.goto(productUrl);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Deactivate it from the list: the row leaves, and the shop no longer offers it.
  await page.goto(`/dashboard/products?keyword=${encodeURIComponent(name)}`);
  await page.getByRole("switch", { name: `Active: ${name}` }).click();
  await expectToast(page, successes.productStatus(false));
  await expect(page.getByRole("switch", { name: `Active: ${name}` })).toHaveCount(0);
  await page.goto(`/dashboard/products/inactive?keyword=${encodeURIComponent(name)}`);
  await expect(page.getByRole("switch", { name: `Active: ${name}` })).not.toBeChecked();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(productUrl);
  await expect(page.getByText(errors.productNotAvailable)).toBeVisible();
});

test("the admin ships a paid order, delivers it and finds it among the delivered orders", async ({
  page,
  api,
}) => {
  const shopper = await api.as("shopper");
  const addressId = await saveAddress(shopper, {
    name: { firstName: "Priya", lastName: "Sharma" },
    countryCode: "91",
    phoneNumber: "9876543210",
    building: "Flat 12, Sea View Apartments",
    street: "Marine Drive Road",
    city: "Mumbai",
    state: "Maharashtra",
    pinCode: "400002",
    country: "India",
  });
  // Sold without options: the order line names the product alone.
  const inStock = await firstProduct(shopper, { minStock: 5 });
  const orderId = await placeOrder(shopper, { products: [inStock._id], shippingAddress: addressId });
  await payWithTestCard(shopper, orderId);

  // The paid order waits among the orders ready to ship.
  await page.goto("/dashboard/orders/pending");
  await expect(page.getByRole("link", { name: new RegExp(orderId) })).toBeVisible();
  await expect(page.getByRole("link", { name: "+91 9876543210" }).first()).toHaveAttribute(
    "href",
    "tel:+919876543210",
  );
  await page.getByRole("link", { name: new RegExp(orderId) }).click();
  await expect(page).toHaveURL(`/dashboard/orders/order/${orderId}`);

  for (const status of ["shipped", "delivered"] as const) {
    await page.getByRole("button", { name: "Change status" }).click();
    const dialog = page.getByRole("dialog", { name: "Update order status" });
    await expect(dialog.getByRole("radio")).toHaveCount(6);
    await dialog.getByRole("radio", { name: status }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    // Closed, not left to fade: it would lie over the 'Change status' button.
    await closeToast(page, successes.orderStatus(status));
    await expect(dialog).toBeHidden();
  }

  // The history tells each change by whom, and a staff note joins it.
  const history = page.getByRole("list", { name: orderHistory.title });
  await expect(history.getByText(orderHistory.placed)).toBeVisible();
  await expect(history.getByText(orderHistory.status("delivered"))).toBeVisible();
  await page.getByLabel(orderHistory.noteLabel).fill("Left with the neighbour at the door.");
  await page.getByRole("button", { name: orderHistory.addNote }).click();
  await closeToast(page, successes.orderNote);
  await expect(history.getByText("Left with the neighbour at the door.")).toBeVisible();
  await expect(page.getByLabel(orderHistory.noteLabel)).toHaveValue("");

  // A transition the server forbids is refused with its reason.
  await page.getByRole("button", { name: "Change status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update order status" });
  await dialog.getByRole("radio", { name: "pending" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, apiMessages.transitionRefused("delivered", "pending"));
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/dashboard/orders/delivered");
  await expect(page.getByRole("link", { name: new RegExp(orderId) })).toBeVisible();

  await page.goto("/dashboard/orders/order/ffffffffffffffffffffffff");
  await expect(page.getByText(errors.orderNotFound)).toBeVisible();
});

test("the admin deactivates a customer, who can then no longer sign in", async ({
  page,
  api,
  newShopper,
}) => {
  const customer = await newShopper({ firstName: "Dora", lastName: "Journey" });

  await page.goto(`/dashboard/customers?keyword=${encodeURIComponent(customer.email)}`);
  const toggle = page.getByRole("switch", { name: "Active: Dora Journey" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expectToast(page, successes.userUpdated);
  await expect(toggle).not.toBeChecked();

  await page.goto(`/dashboard/customers/inactive?keyword=${encodeURIComponent(customer.email)}`);
  await expect(page.getByRole("switch", { name: "Active: Dora Journey" })).toBeVisible();

  const client = await api.signedOut();
  const login = await client.post("/api/auth/login", {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(false);
  expect(((await login.json()) as { message: string }).message).toBe(apiMessages.accountInactive);
});

test("the admin uploads an image and deletes it again", async ({ page }) => {
  await page.goto("/dashboard/media");
  await page.getByRole("button", { name: "Upload Media" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByText(validation.selectFile)).toBeVisible();

  const name = `${unique("journey-media")}.png`;
  await dialog.getByLabel("Image file").setInputFiles(imageFile(name, [250, 200, 0]));
  await expect(dialog.getByRole("img", { name: "Preview of the chosen file" })).toBeVisible();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expectToast(page, apiMessages.mediaUploaded);
  await expect(page.getByRole("img", { name })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete media" });
  await expect(confirm.getByText("removes it everywhere")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, successes.mediaDeleted);
  await expect(page.getByRole("img", { name })).toHaveCount(0);

  await page.goto(`/dashboard/media?keyword=${encodeURIComponent(name)}`);
  await expect(page.getByText(empty.media)).toBeVisible();
});

test("the products list pages with 8 and 20 items, and the address restores the page", async ({ page }) => {
  await page.goto("/dashboard/products");
  const rows = page.getByRole("table", { name: "All Products" }).getByRole("row");
  const perPage = page.getByLabel("Items per page");
  await expect(perPage).toHaveValue("8");
  await expect(rows).toHaveCount(9); // the header row and 8 products
  await expect(page.getByRole("button", { name: "Previous page" })).toHaveCount(0);
  const status = page.getByText(/^Page 1 of \d+$/);
  await expect(status).toBeVisible();
  const pages = Number((await status.textContent())?.split(" of ")[1]);
  expect(pages).toBeGreaterThanOrEqual(3);

  const firstPageFirst = await rows.nth(1).textContent();

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  // NOTE: the list keeps showing page 1 while page 2 loads: read the row once it has been replaced.
  await expect(rows.nth(1)).not.toHaveText(firstPageFirst ?? "");
  const secondPageFirst = await rows.nth(1).textContent();

  await perPage.selectOption("20");
  await expect(page).toHaveURL(/page=1&size=20/);
  await expect(rows).toHaveCount(21);

  await page.reload();
  await expect(page.getByLabel("Items per page")).toHaveValue("20");
  await expect(rows).toHaveCount(21);

  await page.goto("/dashboard/products?page=2&size=8");
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(page.getByLabel("Items per page")).toHaveValue("8");
  await expect(rows.nth(1)).toHaveText(secondPageFirst ?? "");

  await page.goto(`/dashboard/products?page=${pages}&size=8`);
  await expect(page.getByRole("button", { name: "Next page" })).toHaveCount(0);
});

test("on a 390 px screen every dashboard list fits the screen: each row opens its item when tapped, and every action is in view", async ({
  page,
  newShopper,
}) => {
  // An order paid by a shopper of its own, so that the orders and payments lists have a row.
  const shopper = await newShopper({ firstName: "Anil", lastName: "Verma" });
  const addressId = await saveAddress(shopper.api, {
    name: { firstName: "Anil", lastName: "Verma" },
    countryCode: "91",
    phoneNumber: "9123456780",
    building: "House 7, Green Park Colony",
    street: "Station Road, Sector 4",
    city: "Pune",
    state: "Maharashtra",
    pinCode: "411001",
    country: "India",
  });
  const product = await firstProduct(shopper.api);
  const orderId = await placeOrder(shopper.api, {
    products: [product._id],
    shippingAddress: addressId,
  });
  await payWithTestCard(shopper.api, orderId);

  await page.setViewportSize({ width: 390, height: 844 });
  const width = 390;
  for (const path of [
    "/dashboard/orders",
    "/dashboard/payments",
    "/dashboard/products",
    "/dashboard/categories",
    "/dashboard/customers",
  ]) {
    await page.goto(path);
    const rows = page.getByRole("main").locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    // Nothing scrolls sideways: neither the page nor the list.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    const table = page.getByRole("main").locator("table");
    expect(await table.evaluate((node) => node.getBoundingClientRect().right), path).toBeLessThanOrEqual(
      width,
    );
    // Every control of the first rows lies within the screen's width.
    const controls = rows.locator("a, button, select, [role='switch']");
    const count = Math.min(await controls.count(), 20);
    for (let i = 0; i < count; i++) {
      const box = await controls.nth(i).boundingBox();
      expect(box, `${path}: control ${i} is shown`).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, `${path}: control ${i}`).toBe(
        true,
      );
    }
  }

  // A tap on a row, away from its link, opens its item. (The mouse, where the finger would be:
  // Playwright's own click would wait for the row's link to stop covering the text.)
  const tap = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error("nothing to tap");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  const row = (text: string) => page.getByRole("main").locator("tbody tr").filter({ hasText: text });
  await page.goto("/dashboard/orders");
  await tap(row("Anil Verma").getByText("PIN code 411001"));
  await expect(page).toHaveURL(`/dashboard/orders/order/${orderId}`);

  await page.goto("/dashboard/payments");
  await tap(row("Anil Verma").getByText("Anil Verma"));
  await expect(page).toHaveURL(`/dashboard/orders/order/${orderId}`);

  await page.goto("/dashboard/products");
  const firstRow = page.getByRole("main").locator("tbody tr").first();
  await tap(firstRow.getByText(/in stock( · \d+ variants)?$/));
  await expect(page).toHaveURL(/\/dashboard\/products\/edit\/[0-9a-f]{24}$/);
  const edited = page.url();

  // The product's name is the row's own link, as the order's number is.
  await page.goto("/dashboard/products");
  const name = await firstRow.locator("td").nth(1).getByRole("link").textContent();
  await tap(firstRow.getByRole("link", { name: name ?? "", exact: true }));
  await expect(page).toHaveURL(edited);
});

test("at 390 px the error toast of a refused product form leaves the field it names in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/products/new");
  const save = page.getByRole("button", { name: "Create Product" });
  await save.scrollIntoViewIfNeeded();
  await save.click();

  const toast = page.locator(".Toastify__toast").filter({ hasText: formErrors.product });
  await expect(toast).toBeVisible();
  const field = page.getByRole("textbox", { name: "Name" });
  await expect(field).toBeFocused();
  // Once the page has settled, the field lies wholly below the toast and on the screen.
  await expect
    .poll(async () => {
      const [toastBox, fieldBox] = await Promise.all([toast.boundingBox(), field.boundingBox()]);
      if (!toastBox || !fieldBox) return "not shown";
      if (fieldBox.y < toastBox.y + toastBox.height) return "covered";
      return fieldBox.y + fieldBox.height <= 844 ? "in view" : "below the screen";
    })
    .toBe("in view");
});

test.describe("signed in as a manager", () => {
  test.use({ signedInAs: "manager" });

  test("a manager sees neither customers nor payments, and their APIs answer 403", async ({ page }) => {
    await page.goto("/dashboard/home");
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByRole("link")).toHaveText([
      "Dashboard",
      "Reports",
      "Orders",
      "Returns",
      "Products",
      "Inventory",
      "Categories",
      "Discounts",
      "Reviews",
      "Media",
      // The messages an order was sent, by email and on WhatsApp, as the order page lists them to staff.
      "Messages",
      "Settings",
    ]);
    await expect(page.getByText("Total sales")).toHaveCount(0);
    await expect(page.getByText("Refunds")).toHaveCount(0);

    expect((await page.request.get("/api/users/customers")).status()).toBe(403);
    expect((await page.request.get("/api/users/ffffffffffffffffffffffff/summary")).status()).toBe(403);
    expect((await page.request.get("/api/payments")).status()).toBe(403);
    expect((await page.request.get("/api/activity")).status()).toBe(403);
    expect((await page.request.get("/api/users/admin")).status()).toBe(200);

    await page.goto("/dashboard/customers");
    await expectToast(page, errors.notAuthorized);
    await expect(page).toHaveURL("/dashboard/home");
  });
});

test.describe("signed in as the shopper", () => {
  test.use({ signedInAs: "shopper" });

  test("a shopper who opens the dashboard is told so and sent home", async ({ page }) => {
    await page.goto("/dashboard/orders");
    await expectToast(page, errors.notAuthorized);
    await expect(page).toHaveURL("/");
  });
});
