import { expect, type Page } from "@playwright/test";
import type { Credentials } from "./accounts";

/** Fills in the login form the page shows and submits it. */
export async function submitLogin(page: Page, { email, password }: Credentials) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Signs in through the login page, and waits until it has sent the user on. */
export async function signInThroughForm(page: Page, credentials: Credentials) {
  await page.goto("/auth/login");
  await submitLogin(page, credentials);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** Fills in the registration form the page shows and submits it. */
export async function submitRegistration(
  page: Page,
  { name, email, password }: Credentials & { name: { firstName: string; lastName: string } },
) {
  await page.getByLabel("First name").fill(name.firstName);
  await page.getByLabel("Last name").fill(name.lastName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
}

/** Signs out through the header's account menu, as a person does, and waits for the login page. */
export async function signOutThroughMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}
