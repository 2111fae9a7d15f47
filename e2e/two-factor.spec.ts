import { twoFactor } from "@shop/shared/messages";
import { dataOf } from "./support/api";
import { signOutThroughMenu, submitLogin } from "./support/auth-forms";
import { expect, test } from "./support/fixtures";
import { screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";
import { totpCode } from "./support/two-factor";

const labels = twoFactor.page;

test("an admin turns on two-step sign-in from the profile, then signs in with a code, and once with a recovery code", async ({
  page,
  api,
  newShopper,
}, testInfo) => {
  // An admin of their own: the demo admin's sessions are shared by every journey of this worker.
  const person = await newShopper({ firstName: "Tara", lastName: "Owner" });
  const demoAdmin = await api.as("admin");
  await dataOf(
    await demoAdmin.patch(`/api/users/${person.id}`, { data: { userId: person.id, role: "admin" } }),
    200,
  );
  await page.goto("/auth/login");
  await submitLogin(page, person);
  await expect(page).not.toHaveURL(/\/auth\/login/);

  // Enrolment: the QR code and the key for manual entry, whose code the test works out as an app would.
  await page.goto("/account/profile");
  const card = page.getByRole("region", { name: labels.title });
  await expect(card).toContainText(labels.off);
  await card.getByRole("button", { name: labels.setUp }).click();
  await expect(card.getByRole("img", { name: labels.qrAlt })).toBeVisible();
  const key = card.getByText(labels.manualKey).locator("xpath=following-sibling::code");
  // Shown in groups of four, as it is read out and typed; an app takes it with or without the spaces.
  const secret = (await key.textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4}){3,}$/);
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, "two-factor-enrolment", (name) => testInfo.outputPath(name), { fullPage: false });

  await card.getByLabel(labels.code).fill(totpCode(secret));
  await card.getByRole("button", { name: labels.turnOn }).click();
  await closeToast(page, twoFactor.enabled);
  const codes = await card
    .getByRole("list", { name: labels.recoveryTitle })
    .getByRole("listitem")
    .allTextContents();
  expect(codes).toHaveLength(10);
  await screenshots(page, "two-factor-recovery-codes", (name) => testInfo.outputPath(name), {
    fullPage: false,
  });
  await card.getByRole("button", { name: labels.done }).click();
  await expect(card).toContainText(labels.on);

  // Out, and in again: the password, then the code of the app.
  await signOutThroughMenu(page);
  await submitLogin(page, person);
  const codeField = page.getByLabel(labels.loginCode);
  await expect(codeField).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(page.getByRole("heading", { level: 1, name: labels.title })).toBeVisible();
  await expect(page.getByText(labels.signingInAs(person.email))).toBeVisible();
  await screenshots(page, "two-factor-code-prompt", (name) => testInfo.outputPath(name));
  // A wrong code is named at its field, and the form stays.
  await codeField.fill(String((Number(totpCode(secret, 1)) + 1) % 1_000_000).padStart(6, "0"));
  await page.getByRole("button", { name: labels.verify }).click();
  await expect(codeField).toHaveAccessibleDescription(twoFactor.badCode);
  // The set-up took this step's code: the next step's, which the shop takes too.
  // Another account's password can be given instead, and this one's again.
  await page.getByRole("button", { name: labels.otherAccount }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Log in to your account" })).toBeVisible();
  await submitLogin(page, person);
  await codeField.fill(totpCode(secret, 1));
  await page.getByRole("button", { name: labels.verify }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/account/profile");
  await expect(page.getByRole("region", { name: labels.title })).toContainText(labels.on);

  // Out again, and in with a recovery code instead; the same code does not open a second time.
  const [recovery] = codes;
  for (const attempt of ["first", "again"] as const) {
    await signOutThroughMenu(page);
    await submitLogin(page, person);
    await page.getByRole("button", { name: labels.useRecoveryCode }).click();
    const recoveryField = page.getByLabel(labels.loginRecoveryCode);
    await recoveryField.fill(recovery ?? "");
    await page.getByRole("button", { name: labels.verify }).click();
    if (attempt === "first") {
      await expect(page).not.toHaveURL(/\/auth\/login/);
      await page.goto("/");
    } else {
      await expect(recoveryField).toHaveAccessibleDescription(twoFactor.badRecoveryCode);
      await expect(page).toHaveURL(/\/auth\/login/);
    }
  }
});
