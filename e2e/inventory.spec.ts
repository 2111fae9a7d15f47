import { api, inventoryPage } from "@shop/shared/messages";
import { expect, test } from "./support/fixtures";

test.use({ signedInAs: "admin" });

test("the admin adjusts a variant's stock with a reason and sees it in the variant's stock log", async ({
  page,
}, testInfo) => {
  await page.goto("/dashboard/inventory");
  const adjust = page.getByRole("button", { name: /^Adjust stock of / }).first();
  await expect(adjust).toBeVisible();
  const name = ((await adjust.getAttribute("aria-label")) ?? "").replace("Adjust stock of ", "");
  await adjust.click();
  const dialog = page.getByRole("dialog", { name: inventoryPage.adjustTitle(name) });
  await dialog.getByLabel(inventoryPage.change).fill("7");
  await dialog.getByLabel(inventoryPage.reason).selectOption("received");
  await dialog.getByLabel(inventoryPage.note).fill("Delivery from the mill");
  await dialog.getByRole("button", { name: inventoryPage.save }).click();
  await expect(page.getByText(api.stockAdjusted)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: inventoryPage.logOf(name) }).click();
  const log = page.getByRole("dialog", { name: inventoryPage.logTitle(name) });
  const newest = log.getByRole("listitem").first();
  await expect(newest).toContainText("+7");
  await expect(newest).toContainText(inventoryPage.causes.adjustment);
  await expect(newest).toContainText(inventoryPage.reasons.received);
  await expect(newest).toContainText("Delivery from the mill");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`inventory-log-${width}.png`) });
  }
  await log.getByRole("button", { name: "Close" }).click();

  await page.getByLabel(inventoryPage.filterLabel, { exact: true }).selectOption("low");
  await expect(page).toHaveURL(/filter=low/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`inventory-${width}.png`), fullPage: true });
  }
});
