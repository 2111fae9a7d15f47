import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { api as apiMessages } from "@shop/shared/messages";
import { categoryDescription, pageTitle } from "@shop/shared/site";
import { registerShopper } from "./support/accounts";
import { dataOf } from "./support/api";
import { signInThroughForm } from "./support/auth-forms";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { payWithTestCard, placeOrder, saveAddress } from "./support/orders";
import { openCategoriesMenu } from "./support/pages";

// Browser attacks on the shop: stored script payloads stay text, the CSP forbids inline script and
// Chromium enforces it, and a page on another origin cannot act for a signed-in shopper.

/** Each would run a script, or add an element, if it were ever rendered as HTML. */
const XSS = {
  img: `<img src=x onerror="window.__xss=1">`,
  script: "<script>window.__xss=1</script>",
  svg: `"><svg onload=window.__xss=1>`,
  closeScript: "</script><script>window.__xss=1</script>",
  template: "{{constructor.constructor('window.__xss=1')()}}",
  jsUrl: "javascript:window.__xss=1",
};

/** What a payload would leave in the page had it been parsed as markup. */
const PAYLOAD_ELEMENTS = [
  'img[src="x"]',
  "svg[onload]",
  "[onerror]",
  "[onload]",
  'script:not([src]):not([type="application/ld+json"])',
  'a[href^="javascript:" i]',
].join(", ");

interface Seed {
  token: string;
  category: { id: string; name: string; slug: string };
  product: { id: string; name: string; description: string };
  review: { title: string; comment: string };
  shopper: { email: string; password: string; firstName: string; lastName: string };
  address: { building: string; street: string; city: string; state: string };
  orderId: string;
}

let seed: Seed;

// Payloads go in through the API, as an attacker with an account (or a careless admin) would put them.
test.beforeAll(async ({ api, newShopper }) => {
  const token = `xq${Math.random().toString(36).slice(2, 10).replace(/\d/g, "k")}`;
  const admin = await api.as("admin");

  const demo = await firstProduct(admin);

  const category = { name: `${XSS.img} ${token} ${XSS.script}`, slug: `payloads-${token}` };
  const createdCategory = await dataOf<{ _id: string }>(
    await admin.post("/api/categories", { data: category }),
    201,
  );
  const product = {
    name: `${token} ${XSS.svg}${XSS.img}${XSS.closeScript}${XSS.template}`,
    description: `Payload ${token}: ${XSS.img} ${XSS.script} ${XSS.jsUrl}`,
  };
  const createdProduct = await dataOf<{ _id: string }>(
    await admin.post("/api/products", {
      data: {
        ...product,
        price: 40,
        onSale: true,
        salePrice: 35,
        stock: 500,
        isActive: true,
        category: createdCategory._id,
        thumbnail: demo.thumbnail._id,
        gallery: [],
      },
    }),
    201,
  );

  const registered = await newShopper({
    firstName: XSS.img,
    lastName: XSS.svg,
    email: `${token}@example.com`,
  });
  const customer = registered.api;
  const shopper = {
    email: registered.email,
    password: registered.password,
    firstName: registered.name.firstName,
    lastName: registered.name.lastName,
  };
  // NOTE: the state is one of India's listed names (the API refuses anything else, addresses.test.ts), so
  // the payloads go in the free-text fields.
  const address = { building: XSS.script, street: XSS.closeScript, city: XSS.template, state: "Maharashtra" };
  const savedAddress = await saveAddress(customer, {
    name: registered.name,
    countryCode: "91",
    phoneNumber: "9876501234",
    ...address,
    pinCode: "400050",
    country: "India",
  });
  const review = { title: `${XSS.img} great`, comment: `${XSS.closeScript} ${XSS.template} ${XSS.jsUrl}` };
  await dataOf(
    await customer.post(`/api/products/${createdProduct._id}/reviews`, { data: { ...review, rating: 4 } }),
    201,
  );
  const orderId = await placeOrder(customer, {
    products: [createdProduct._id],
    shippingAddress: savedAddress,
  });
  // Paid, so that it is also among the dashboard's recent orders to ship.
  await payWithTestCard(customer, orderId);

  seed = {
    token,
    category: { id: createdCategory._id, ...category },
    product: { id: createdProduct._id, ...product },
    review,
    shopper,
    address,
    orderId,
  };
});

interface Watch {
  dialogs: string[];
  scriptErrors: string[];
}

/**
 * Records what would betray a payload that ran or tried to run: dialogs, CSP refusals and uncaught
 * errors in the console, and `securitypolicyviolation` events (kept in window.__violations).
 */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], scriptErrors: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text()))
      seen.scriptErrors.push(message.text());
  });
  page.on("pageerror", (error) => seen.scriptErrors.push(error.message));
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.defineProperty(window, "__violations", { value: violations });
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return seen;
}

function violations(page: Page) {
  return page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

/** Each text shows as literal text, and nothing of any payload ran, tried to run or became markup. */
async function expectInert(page: Page, seen: Watch, where: string, texts: string[]) {
  for (const text of texts) {
    await expect(
      page.getByText(text).filter({ visible: true }).first(),
      `${where} shows ${text}`,
    ).toBeVisible();
  }
  expect(await page.evaluate(() => "__xss" in window), `${where}: a payload ran`).toBe(false);
  expect(await page.locator(PAYLOAD_ELEMENTS).count(), `${where}: a payload became markup`).toBe(0);
  expect(await violations(page), `${where}: CSP violations`).toEqual([]);
  expect(seen.dialogs, `${where}: dialogs`).toEqual([]);
  expect(seen.scriptErrors, `${where}: script errors`).toEqual([]);
}

test("stored payloads in names, reviews, addresses and descriptions stay text on the storefront and the account pages", async ({
  page,
}) => {
  const seen = await watch(page);
  const { product, category, review, shopper, address } = seed;
  await signInThroughForm(page, shopper);

  // The product page: name, description, category in the breadcrumb, the review and its author.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expectInert(page, seen, "product page", [
    product.description,
    category.name,
    review.title,
    review.comment,
    shopper.firstName,
  ]);
  await page.getByRole("button", { name: "Add to cart" }).click();
  // Recorded as recently viewed after a second on the page.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("shop-recently-viewed") ?? ""))
    .toContain(seed.token);

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Recently viewed" }).getByText(product.name)).toBeVisible();
  await expectInert(page, seen, "home page", [product.name]);
  await openCategoriesMenu(page);
  await expectInert(page, seen, "the categories menu", [category.name]);
  await page.keyboard.press("Escape");
  await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectInert(page, seen, "the account menu", [`${shopper.firstName} ${shopper.lastName}`]);
  await page.keyboard.press("Escape");

  await page.goto(`/product-category/${category.slug}`);
  await expectInert(page, seen, "category page", [category.name, product.name]);

  await page.goto(`/search?keyword=${seed.token}`);
  await expectInert(page, seen, "search results", [product.name]);
  // A payload in the address bar is shown back as text too.
  const keyword = `${XSS.img}${XSS.svg}`;
  await page.goto(`/search?${new URLSearchParams({ keyword })}`);
  await expectInert(page, seen, "search for a payload", [keyword]);

  await page.goto("/cart");
  await expectInert(page, seen, "cart", [product.name]);
  await page.getByRole("button", { name: /continue/i }).click();

  await expect(page).toHaveURL("/account/shipping");
  await expectInert(page, seen, "shipping", [address.building, address.street, address.city]);
  await page.getByRole("radio").check();
  await page.getByRole("button", { name: /continue/i }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  await expectInert(page, seen, "checkout", [
    product.name,
    address.building,
    address.street,
    shopper.firstName,
  ]);

  await page.goto(`/account/pay/${seed.orderId}`);
  await expect(page.getByText("Amount paid")).toBeVisible();
  await expectInert(page, seen, "order (pay page)", [product.name, address.building, address.city]);

  await page.goto("/account/profile");
  await expect(
    page.getByRole("list", { name: "Orders" }).getByRole("link", { name: new RegExp(seed.orderId) }),
  ).toBeVisible();
  await expectInert(page, seen, "profile", [shopper.firstName, shopper.lastName, address.building]);
});

test.describe("signed in as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("stored payloads stay text in the dashboard's lists and details", async ({ page }) => {
    const seen = await watch(page);
    const { product, category, shopper, address } = seed;

    await page.goto("/dashboard/home");
    await expectInert(page, seen, "dashboard home", [shopper.firstName]);

    await page.goto(`/dashboard/products?keyword=${seed.token}`);
    await expectInert(page, seen, "dashboard products", [product.name, category.name]);

    await page.goto(`/dashboard/products/edit/${product.id}`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(product.name);
    await expect(page.getByLabel("Description")).toHaveValue(product.description);
    await expectInert(page, seen, "dashboard product form", []);

    await page.goto(`/dashboard/categories?keyword=${category.slug}`);
    await expectInert(page, seen, "dashboard categories", [category.name]);

    await page.goto(`/dashboard/orders?keyword=${seed.orderId}`);
    await expectInert(page, seen, "dashboard orders", [shopper.firstName]);

    await page.goto(`/dashboard/orders/order/${seed.orderId}`);
    await expectInert(page, seen, "dashboard order", [shopper.firstName, address.building, product.name]);

    await page.goto(`/dashboard/customers?keyword=${seed.token}`);
    await expectInert(page, seen, "dashboard customers", [`${shopper.firstName} ${shopper.lastName}`]);
  });
});

/** The server's HTML, parsed by Chromium's HTML parser (DOMParser runs no script). */
async function parseServerHtml(page: Page, html: string) {
  return page.evaluate(
    ({ source, selector }) => {
      const doc = new DOMParser().parseFromString(source, "text/html");
      const metas: Record<string, string> = {};
      for (const meta of Array.from(doc.querySelectorAll("meta[name], meta[property]"))) {
        metas[meta.getAttribute("name") ?? meta.getAttribute("property") ?? ""] =
          meta.getAttribute("content") ?? "";
      }
      return {
        title: doc.title,
        metas,
        scripts: Array.from(doc.querySelectorAll("script")).map((script) => ({
          type: script.getAttribute("type") ?? "",
          src: script.getAttribute("src"),
          text: script.textContent ?? "",
        })),
        payloadElements: doc.querySelectorAll(selector).length,
        body: doc.body.innerHTML,
      };
    },
    { source: html, selector: PAYLOAD_ELEMENTS },
  );
}

test("the server's product and category HTML keeps payload names inside the JSON-LD and the meta attributes", async ({
  page,
  request,
}) => {
  const { product, category } = seed;
  // A page whose head holds nothing a user wrote: its body is the app's shell, as every page's is.
  const shell = await parseServerHtml(page, await (await request.get("/about")).text());
  const productHtml = await (await request.get(`/product/${product.id}`)).text();
  const parsed = await parseServerHtml(page, productHtml);

  expect(parsed.title).toBe(pageTitle(product.name));
  expect(parsed.metas["og:title"]).toBe(pageTitle(product.name));
  expect(parsed.metas.description).toBe(product.description);
  expect(parsed.metas["og:description"]).toBe(product.description);
  expect(parsed.payloadElements).toBe(0);
  // Nothing broke out of the head into the body.
  expect(parsed.body).toBe(shell.body);

  // Two scripts only: the app's module and the JSON-LD block, whose text is valid JSON with the payloads.
  expect(parsed.scripts.map((script) => script.type)).toEqual(["module", "application/ld+json"]);
  const jsonLd = parsed.scripts[1]?.text ?? "";
  expect(jsonLd).not.toMatch(/<\/?script/i);
  const data = JSON.parse(jsonLd) as { name: string; description: string; category: string };
  expect(data.name).toBe(product.name);
  expect(data.description).toBe(product.description);
  expect(data.category).toBe(category.name);

  const categoryHtml = await (await request.get(`/product-category/${category.slug}`)).text();
  const categoryPage = await parseServerHtml(page, categoryHtml);
  expect(categoryPage.title).toBe(pageTitle(category.name));
  expect(categoryPage.metas["og:title"]).toBe(pageTitle(category.name));
  expect(categoryPage.metas.description).toBe(categoryDescription({ name: category.name, count: 1 }));
  expect(categoryPage.payloadElements).toBe(0);
  expect(categoryPage.body).toBe(shell.body);
  expect(categoryPage.scripts.map((script) => script.type)).toEqual(["module"]);
});

test("no user-written field can hold a javascript: link", async ({ api }) => {
  // The category slug is the only text a user writes that becomes part of a link (the dashboard's
  // slug column and the storefront's category links); it is refused unless it is a plain slug.
  const admin = await api.as("admin");
  const response = await admin.post("/api/categories", {
    data: { name: `Script link ${seed.token}`, slug: XSS.jsUrl },
  });
  expect(response.status()).toBe(400);
});

/** The CSP of one response, directive name to its sources. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

test("every HTML page is served with a Content-Security-Policy that allows no inline script nor eval", async ({
  request,
}) => {
  const paths = [
    "/",
    `/product/${seed.product.id}`,
    `/product-category/${seed.category.slug}`,
    "/search?keyword=watch",
    "/sale",
    "/cart",
    "/about",
    "/auth/login",
    "/auth/register",
    "/account/profile",
    "/account/checkout",
    `/account/pay/${seed.orderId}`,
    "/dashboard/home",
    "/dashboard/products",
    "/no-such-page",
    "/api/docs",
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain("text/html");
    const header = response.headers()["content-security-policy"];
    expect(header, `${path} has a Content-Security-Policy`).toBeTruthy();
    const csp = parseCsp(header ?? "");
    const scriptSources = csp.get("script-src") ?? csp.get("default-src");
    expect(scriptSources, `${path}: script-src or default-src`).toBeDefined();
    for (const directive of ["script-src", "script-src-elem", "script-src-attr", "default-src"]) {
      const sources = csp.get(directive) ?? [];
      for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
        expect(sources, `${path}: ${directive}`).not.toContain(forbidden);
      }
    }
    expect(csp.get("object-src"), `${path}: object-src`).toEqual(["'none'"]);
  }
});

test("Chromium enforces the CSP on a shop page: injected inline script, handler and eval do not run", async ({
  page,
}) => {
  const seen = await watch(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // An inline <script> element, as a markup injection would add it.
  await page.addScriptTag({ content: "window.__inline = 'script';" }).catch(() => null);
  // An inline event handler, as innerHTML with an <img onerror> would add it.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<img alt="" src="data:," onerror="window.__inline='handler'">`,
    );
  });
  // Code from a string, run by the page itself (a timer), as eval would run it.
  await page.evaluate(() => {
    setTimeout("window.__inline = 'eval'", 0);
  });

  await expect
    .poll(async () =>
      [...new Set((await violations(page)).map((violation) => violation.split(" ")[0]))].sort(),
    )
    .toEqual(["script-src", "script-src-attr", "script-src-elem"]);
  expect(await page.evaluate(() => "__inline" in window)).toBe(false);
  expect(seen.scriptErrors.some((text) => /Content Security Policy/.test(text))).toBe(true);
});

/** A tiny site on another port of this machine that serves one page. */
async function foreignSite(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function currentUser(request: APIRequestContext) {
  return (await request.get("/api/users/current-user")).status();
}

async function orderCount(request: APIRequestContext) {
  const body = (await (await request.get("/api/orders/current-user")).json()) as { meta: { total: number } };
  return body.meta.total;
}

test("a page on another origin cannot end the shopper's session or place an order with it", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  // Registered in the page's browser context (no Origin header: allowed), which it signs in.
  await registerShopper(page.request, { firstName: "Ritu", lastName: "Iyer" });
  expect(await currentUser(page.request)).toBe(200);
  const ordersBefore = await orderCount(page.request);

  // The attacker's page: a form that posts to the shop, and credentialed fetches. Each fetch
  // settles once the shop has answered (a no-cors answer is then withheld from the page by the
  // shop's Cross-Origin-Resource-Policy, but the request has been handled by then).
  const shopUrl = (path: string) => JSON.stringify(`${baseURL}${path}`);
  const site = await foreignSite(`<!doctype html>
    <html><body>
      <form id="logout" method="post" action="${baseURL}/api/auth/logout"></form>
      <script>
        const settled = (request) => request.then(() => "answered", () => "answered");
        window.logoutByFetch = () =>
          settled(fetch(${shopUrl("/api/auth/logout")}, { method: "POST", mode: "no-cors", credentials: "include" }));
        window.orderByFetch = () =>
          settled(fetch(${shopUrl("/api/orders")}, {
            method: "POST", mode: "no-cors", credentials: "include",
            body: ${JSON.stringify(JSON.stringify({ products: [{ product: seed.product.id, quantity: 1 }], shippingAddress: "0123456789abcdef01234567" }))},
          }));
        window.patchProfile = () =>
          fetch(${shopUrl("/api/users/current-user")}, {
            method: "PATCH", credentials: "include", headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: { firstName: "Hacked", lastName: "Name" }, email: "hacked@example.com" }),
          }).then(() => "sent", () => "blocked");
      </script>
    </body></html>`);
  try {
    // Same site, another origin (127.0.0.1 on another port): SameSite=Lax lets the session cookie go
    // along, so the shop's Origin check is what refuses these.
    await page.goto(`http://127.0.0.1:${site.port}/`);
    expect(await page.evaluate("window.logoutByFetch()")).toBe("answered");
    expect(await currentUser(page.request), "signed in after a cross-origin logout fetch").toBe(200);
    expect(await page.evaluate("window.orderByFetch()")).toBe("answered");
    // A PATCH needs a CORS preflight, which the shop never grants.
    expect(await page.evaluate("window.patchProfile()")).toBe("blocked");
    const refused = page.waitForResponse(`${baseURL}/api/auth/logout`);
    await page.locator("#logout").evaluate((form: HTMLFormElement) => form.submit());
    expect((await refused).status()).toBe(403);
    await expect(page.getByText(apiMessages.crossOrigin)).toBeVisible();
    expect(await currentUser(page.request), "signed in after a cross-origin logout form").toBe(200);

    // Another site (localhost): refused as cross-site, whether or not a cookie came along.
    await page.goto(`http://localhost:${site.port}/`);
    expect(await page.evaluate("window.logoutByFetch()")).toBe("answered");
  } finally {
    await site.close();
  }

  // Still signed in, with no new order and the same name.
  expect(await currentUser(page.request)).toBe(200);
  expect(await orderCount(page.request)).toBe(ordersBefore);
  const me = (await (await page.request.get("/api/users/current-user")).json()) as {
    data: { name: { firstName: string } };
  };
  expect(me.data.name.firstName).toBe("Ritu");
});

test("a request carrying the shopper's cookie from a foreign Origin is refused; the same request from the shop is not", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const shopper = await registerShopper(page.request, { firstName: "Ritu", lastName: "Iyer" });
  const address = await saveAddress(page.request, {
    name: shopper.name,
    countryCode: "91",
    phoneNumber: "9876512345",
    building: "Flat 2A, Ocean View",
    street: "Marine Drive, Churchgate",
    city: "Mumbai",
    state: "Maharashtra",
    pinCode: "400020",
    country: "India",
  });
  const order = {
    products: [{ product: seed.product.id, quantity: 1 }],
    shippingAddress: address,
  };
  const foreign = { Origin: "http://shop.attacker.example" };

  // An order: refused with a foreign Origin, or when the browser says the request is cross-site.
  const refused = await page.request.post("/api/orders", {
    headers: { ...foreign, "Idempotency-Key": `forged-${Date.now()}` },
    data: order,
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(apiMessages.crossOrigin);
  const crossSite = await page.request.post("/api/orders", {
    headers: { "Sec-Fetch-Site": "cross-site", "Idempotency-Key": `cross-${Date.now()}` },
    data: order,
  });
  expect(crossSite.status()).toBe(403);
  expect(await orderCount(page.request)).toBe(0);

  // The profile: unchanged.
  const renamed = await page.request.patch("/api/users/current-user", {
    headers: foreign,
    data: { name: { firstName: "Hacked", lastName: "Name" }, email: shopper.email },
  });
  expect(renamed.status()).toBe(403);
  const me = (await (await page.request.get("/api/users/current-user")).json()) as {
    data: { name: { firstName: string } };
  };
  expect(me.data.name.firstName).toBe(shopper.name.firstName);

  // Logout: the session survives.
  expect((await page.request.post("/api/auth/logout", { headers: foreign })).status()).toBe(403);
  expect(await currentUser(page.request)).toBe(200);

  // The same requests from the shop's own origin go through: the refusals were about the origin.
  const placed = await page.request.post("/api/orders", {
    headers: { Origin: new URL(baseURL).origin, "Idempotency-Key": `own-${Date.now()}` },
    data: order,
  });
  expect(placed.status()).toBe(201);
  expect(await orderCount(page.request)).toBe(1);
  expect(
    (await page.request.post("/api/auth/logout", { headers: { Origin: new URL(baseURL).origin } })).status(),
  ).toBe(200);
  expect(await currentUser(page.request)).toBe(401);
});
