import { activityPage } from "@shop/shared/messages";
import { dataOf } from "./support/api";
import { expect, test } from "./support/fixtures";
import { screenshots } from "./support/pages";

test.use({ signedInAs: "admin" });

test("the admin finds a discount code's change in the activity log: who, when, and the value before and after", async ({
  page,
  api,
}, testInfo) => {
  const admin = await api.as("admin");
  const code = `LOG-${Date.now().toString(36).toUpperCase()}`;
  const made = await dataOf<{ _id: string }>(
    await admin.post("/api/discounts", { data: { code, type: "percentage", value: 10 } }),
    201,
  );
  await dataOf(
    await admin.put(`/api/discounts/${made._id}`, { data: { code, type: "percentage", value: 15 } }),
    200,
  );

  await page.goto("/dashboard/home");
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: activityPage.title })
    .click();
  await expect(page).toHaveURL("/dashboard/activity");
  await expect(page.getByRole("heading", { level: 1, name: activityPage.title })).toBeVisible();

  await page
    .getByLabel(activityPage.kind, { exact: true })
    .selectOption({ label: activityPage.kinds["discount.updated"] });
  await page.getByLabel(activityPage.actor, { exact: true }).selectOption({ label: "Asha Admin" });
  await expect(page).toHaveURL(/kind=discount\.updated/);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Asha Admin");
  await expect(row).toContainText("admin@example.com");
  await expect(row).toContainText(activityPage.kinds["discount.updated"]);
  await row.getByRole("button", { name: new RegExp(` — show the changes to ${code}$`) }).click();
  const changes = page.getByRole("definition").filter({ hasText: "15" });
  await expect(changes).toContainText(/10\W*, After: 15/);
  await expect(page.getByRole("term").filter({ hasText: /^Value$/ })).toBeVisible();

  // From 360 px up the page fits its width: the rows are cards, nothing scrolls sideways.
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  await screenshots(page, "dashboard-activity", (name) => testInfo.outputPath(name));

  // The day range: a day long past has nothing.
  await page.getByLabel("From", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To", { exact: true }).fill("2020-01-02");
  await expect(page.getByText(activityPage.empty)).toBeVisible();
  await screenshots(page, "dashboard-activity-empty", (name) => testInfo.outputPath(name));
});
