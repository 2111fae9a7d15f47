import { formErrors, successes, validation } from "@shop/shared/messages";
import type { DiscountDetailDto } from "@shop/shared/schemas/discount";
import { dataOf } from "./support/api";
import { expect, test } from "./support/fixtures";
import { closeToast } from "./support/toasts";

test.use({ signedInAs: "admin" });

test("the admin creates a 10% code for shoes, switches it off and on, and changes its value; a short code is refused", async ({
  page,
  api,
}) => {
  const code = `SHOES-${Date.now().toString(36).toUpperCase()}`;
  const categories = await dataOf<{ _id: string; name: string }[]>(
    await page.request.get("/api/categories"),
    200,
  );
  const shoes = categories.find((category) => category.name === "Shoes");
  if (!shoes) throw new Error("the demo catalogue has no Shoes category");

  await page.goto("/dashboard/home");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Discounts" }).click();
  await expect(page).toHaveURL("/dashboard/discounts");
  await page.getByRole("link", { name: "New Discount" }).click();
  await expect(page).toHaveURL("/dashboard/discounts/new");

  // Too short: the shared message at the code, nothing sent.
  const codeField = page.getByRole("textbox", { name: "Code" });
  await codeField.fill("AB");
  await page.getByRole("spinbutton", { name: "Percentage off (%)" }).fill("10");
  await page.getByRole("button", { name: "Create Discount" }).click();
  await expect(codeField).toHaveAccessibleDescription(
    new RegExp(validation.discountCode.replace(/\./g, "\\.")),
  );
  await closeToast(page, formErrors.discount);
  await expect(page).toHaveURL("/dashboard/discounts/new");

  await codeField.fill(code.toLowerCase());
  await page.getByRole("combobox", { name: "Applies to" }).selectOption("Some categories");
  await page.getByRole("checkbox", { name: "Shoes" }).check();
  await page.getByRole("button", { name: "Create Discount" }).click();
  await expect(page).toHaveURL("/dashboard/discounts");
  await closeToast(page, successes.discountSaved);

  // In the list, newest first, as an active 10% code for Shoes.
  const table = page.getByRole("table", { name: "All Discount Codes" });
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: code }) });
  await expect(row).toContainText("10%");
  await expect(row).toContainText("Shoes");
  await expect(row).toContainText("0 / no limit");
  await expect(row).toContainText("Status: active");
  const toggle = row.getByRole("switch", { name: `Active: ${code}` });
  await expect(toggle).toBeChecked();

  // Off, then on again.
  await toggle.click();
  await closeToast(page, successes.discountStatus(false));
  await expect(row).toContainText("Status: inactive");
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await closeToast(page, successes.discountStatus(true));
  await expect(row).toContainText("Status: active");
  await expect(toggle).toBeChecked();

  // The status filter finds it among the active codes.
  await page.getByLabel("Status").selectOption("Inactive");
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByRole("link", { name: code })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("Active");
  await expect(
    page.getByRole("table", { name: "Active Codes" }).getByRole("link", { name: code }),
  ).toBeVisible();

  // Opened from its row: the form holds its terms; 15% instead of 10%.
  await page.getByRole("link", { name: code }).click();
  await expect(page).toHaveURL(/\/dashboard\/discounts\/[0-9a-f]{24}$/);
  const discountId = page.url().split("/").at(-1) ?? "";
  await expect(page.getByRole("region", { name: "Performance" })).toContainText("0 / no limit");
  await expect(page.getByRole("checkbox", { name: "Shoes" })).toBeChecked();
  const value = page.getByRole("spinbutton", { name: "Percentage off (%)" });
  await expect(value).toHaveValue("10");
  await value.fill("15");
  await page.getByRole("button", { name: "Save Discount" }).click();
  await expect(page).toHaveURL("/dashboard/discounts");
  await closeToast(page, successes.discountSaved);
  await expect(row).toContainText("15%");

  const admin = await api.as("admin");
  const saved = await dataOf<DiscountDetailDto>(await admin.get(`/api/discounts/${discountId}`), 200);
  expect(saved).toMatchObject({
    code,
    type: "percentage",
    value: 15,
    appliesTo: "categories",
    categories: [shoes._id],
    isActive: true,
    status: "active",
  });
});
