import { expect, type Page, test } from "@playwright/test";
import { errors } from "@shop/shared/messages";

const PASSWORD = "Secret@123";

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("a shopper registers, logs out from the avatar menu, logs back in and finds their name on the profile", async ({
  page,
}) => {
  const email = uniqueEmail("priya");

  await page.goto("/auth/register");
  await page.getByLabel("First name").fill("Priya");
  await page.getByLabel("Last name").fill("Sharma");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();

  // Registration signs the shopper in; with no page of the shop behind it, it lands on home.
  await expect(page).toHaveURL("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu", { name: "Account menu" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();

  await expect(page).toHaveURL("/auth/login");
  await login(page, email, PASSWORD);

  // Back to the page the shopper was on before logging in.
  await expect(page).toHaveURL("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();

  await expect(page).toHaveURL("/account/profile");
  const main = page.getByRole("main");
  await expect(main.getByText("Priya Sharma")).toBeVisible();
  await expect(main.getByText(email)).toBeVisible();
});

test("the login page says the credentials are wrong when the password is wrong", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("wrong-password");
  const registered = await request.post("/api/auth/register", {
    data: { name: { firstName: "Wren", lastName: "Gupta" }, email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);

  await page.goto("/auth/login");
  await login(page, email, "Not-the@1");

  await expect(page.getByRole("alert").filter({ hasText: errors.badCredentials })).toBeVisible();
  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
});

test("an account page sends a signed-out visitor to login and back; the dashboard turns a shopper away", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("redirect");
  const registered = await request.post("/api/auth/register", {
    data: { name: { firstName: "Ravi", lastName: "Iyer" }, email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);

  await page.goto("/account/profile");
  await expect(page).toHaveURL("/auth/login?redirect=%2Faccount%2Fprofile");
  await login(page, email, PASSWORD);

  await expect(page).toHaveURL("/account/profile");
  await expect(page.getByRole("main").getByText("Ravi Iyer")).toBeVisible();

  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.goto("/dashboard/home");
  await expect(page.getByRole("alert").filter({ hasText: errors.notAuthorized })).toBeVisible();
  await expect(page).toHaveURL("/");
});

test("'Login as admin' fills in the demo credentials and the admin reaches the dashboard", async ({
  page,
}) => {
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Login as admin" }).click();
  await expect(page.getByLabel("Email")).not.toHaveValue("");
  await expect(page.getByLabel("Password")).not.toHaveValue("");
  await page.getByRole("button", { name: "Login", exact: true }).click();

  await expect(page).toHaveURL("/");
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard/home");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveCount(8);
});

test("a shopper deactivated by an admin is signed out at once and cannot sign in again", async ({
  page,
  playwright,
}) => {
  const email = uniqueEmail("deactivated");
  await page.goto("/auth/register");
  await page.getByLabel("First name").fill("Ravi");
  await page.getByLabel("Last name").fill("Kumar");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/");
  const me = await (await page.request.get("/api/users/current-user")).json();

  // The admin switches the shopper off through the API, as the dashboard does.
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const config = await (await admin.get("/api/config")).json();
  expect((await admin.post("/api/auth/login", { data: config.data.demo })).ok()).toBe(true);
  expect((await admin.patch(`/api/users/user/${me.data._id}/status`)).ok()).toBe(true);
  await admin.dispose();

  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await login(page, email, PASSWORD);
  await expect(page.getByText("Your account is inactive. Please contact support.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});
