import { settingsPage, validation } from "@shop/shared/messages";
import { expect, test } from "./support/fixtures";
import { closeToast } from "./support/toasts";

test.use({ signedInAs: "admin" });

// NOTE: the journeys share their servers: this one changes only what no other journey reads (the
// default HSN code) and puts the store section back as it found it.
test("the admin opens Settings, is refused a bad GSTIN at its field, saves the default HSN code and sees the change in the history", async ({
  page,
}) => {
  await page.goto("/dashboard/home");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL("/dashboard/settings");
  await expect(page.getByRole("heading", { name: settingsPage.title, level: 1 })).toBeVisible();

  // A GSTIN one character short: the shared message under the field, nothing saved.
  const gstin = page.getByRole("textbox", { name: settingsPage.store.gstin });
  const saved = await gstin.inputValue();
  await gstin.fill(saved.slice(0, -1));
  await page
    .getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.store.title) })
    .click();
  await expect(gstin).toHaveAccessibleDescription(new RegExp(validation.gstin.replace(/\./g, "\\.")));
  await page.reload();
  await expect(page.getByRole("textbox", { name: settingsPage.store.gstin })).toHaveValue(saved);

  const hsn = page.getByRole("textbox", { name: settingsPage.taxes.defaultHsn });
  const code = (await hsn.inputValue()) === "610910" ? "6109" : "610910";
  await hsn.fill(code);
  await page
    .getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.taxes.title) })
    .click();
  await closeToast(page, settingsPage.saved(settingsPage.sections.taxes.title));
  await page.reload();
  await expect(page.getByRole("textbox", { name: settingsPage.taxes.defaultHsn })).toHaveValue(code);
  const history = page.getByRole("table", { name: settingsPage.history.title });
  await expect(history.getByRole("row").nth(1)).toContainText(settingsPage.sections.taxes.title);
});
