import { errors } from "@shop/shared/messages";
import { ADMIN, PASSWORD, uniqueEmail } from "./support/accounts";
import { signInThroughForm, submitLogin, submitRegistration } from "./support/auth-forms";
import { expect, test } from "./support/fixtures";
import { expectToast, toast } from "./support/toasts";

test("a shopper registers, logs out from the avatar menu, logs back in and finds their name on the profile", async ({
  page,
}) => {
  const email = uniqueEmail("priya");

  await page.goto("/auth/register");
  await submitRegistration(page, {
    name: { firstName: "Priya", lastName: "Sharma" },
    email,
    password: PASSWORD,
  });

  // Registration signs the shopper in; with no page of the shop behind it, it lands on home.
  await expect(page).toHaveURL("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu", { name: "Account menu" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();

  await expect(page).toHaveURL("/auth/login");
  await submitLogin(page, { email, password: PASSWORD });

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
  newShopper,
}) => {
  const shopper = await newShopper({ firstName: "Wren", lastName: "Gupta" });

  await page.goto("/auth/login");
  await submitLogin(page, { email: shopper.email, password: "Not-the@1" });

  await expectToast(page, errors.badCredentials);
  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
});

test("an account page sends a signed-out visitor to login and back; the dashboard turns a shopper away", async ({
  page,
  newShopper,
}) => {
  const shopper = await newShopper({ firstName: "Ravi", lastName: "Iyer" });

  await page.goto("/account/profile");
  await expect(page).toHaveURL("/auth/login?redirect=%2Faccount%2Fprofile");
  await submitLogin(page, shopper);

  await expect(page).toHaveURL("/account/profile");
  await expect(page.getByRole("main").getByText("Ravi Iyer")).toBeVisible();

  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.goto("/dashboard/home");
  await expectToast(page, errors.notAuthorized);
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
  api,
}) => {
  const email = uniqueEmail("deactivated");
  await page.goto("/auth/register");
  await submitRegistration(page, {
    name: { firstName: "Ravi", lastName: "Kumar" },
    email,
    password: PASSWORD,
  });
  await expect(page).toHaveURL("/");
  const me = await (await page.request.get("/api/users/current-user")).json();

  // The admin switches the shopper off through the API, as the dashboard does.
  const admin = await api.as("admin");
  expect((await admin.patch(`/api/users/user/${me.data._id}/status`)).ok()).toBe(true);

  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await submitLogin(page, { email, password: PASSWORD });
  await expect(page.getByText("Your account is inactive. Please contact support.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("the admin logs out from the dashboard and lands on the login page, without being told they are not authorized", async ({
  page,
}) => {
  // A session of its own: logging out ends only this one, not the admin session other journeys share.
  await signInThroughForm(page, ADMIN);
  await page.goto("/dashboard/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();

  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByRole("heading", { name: "Log in to your account" })).toBeVisible();
  // The dashboard's guard would have said so by now, had it seen the user leave before the page did.
  await page.waitForTimeout(1000);
  await expect(toast(page, errors.notAuthorized)).toHaveCount(0);
  await expect(page).toHaveURL("/auth/login");
});
