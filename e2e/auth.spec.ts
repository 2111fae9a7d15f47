import { accountNotes, errors, validation } from "@shop/shared/messages";
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
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveCount(18);
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

// Changing the email and closing the account both ask for the current password, so that a session
// left open on a shared computer cannot take the account over or end it.
test("a shopper changes their email and closes their account only with the current password", async ({
  page,
  newShopper,
}) => {
  const shopper = await newShopper({ firstName: "Isha", lastName: "Kapoor" });
  await signInThroughForm(page, shopper);
  await page.goto("/account/profile");

  await page.getByRole("button", { name: "Edit profile" }).click();
  const edit = page.getByRole("dialog", { name: "Edit profile" });
  const newEmail = uniqueEmail("isha-new");
  await edit.getByLabel("Email").fill(newEmail);
  await edit.getByLabel("Current password").fill("Wrong@123");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText(validation.loginPassword)).toBeVisible();
  await edit.getByLabel("Current password").fill(shopper.password);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole("main").getByText(newEmail)).toBeVisible();

  await page.getByRole("button", { name: "Close account" }).click();
  const close = page.getByRole("dialog", { name: "Close your account?" });
  await close.getByLabel("Current password").fill("Wrong@123");
  await close.getByRole("button", { name: "Close account" }).click();
  await expect(close.getByText(validation.loginPassword)).toBeVisible();
  await close.getByLabel("Current password").fill(shopper.password);
  await close.getByRole("button", { name: "Close account" }).click();
  await expectToast(page, accountNotes.accountClosed);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  // The account is gone: its email and password no longer sign in.
  await page.goto("/auth/login");
  await submitLogin(page, { email: newEmail, password: shopper.password });
  await expectToast(page, errors.badCredentials);
});
