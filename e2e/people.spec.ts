import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { customerPage, reviewModeration } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./support/api";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { screenshots } from "./support/pages";
import { expectToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Priya", lastName: "Shah" },
  countryCode: "91",
  phoneNumber: "9820054321",
  building: "Flat 12, Lotus Apartments",
  street: "Carter Road, Bandra West",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400050",
  country: "India",
} satisfies AddressInput;

/** Serious or critical axe violations of the page (as accessibility.spec.ts checks every other page). */
async function serious(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

interface Rating {
  average: number;
  count: number;
}

test.describe("the admin", () => {
  // A touch screen, so that the row is tapped as a phone taps it.
  test.use({ signedInAs: "admin", hasTouch: true });

  test("opens a customer from a tapped row at 390 px and sees their orders; hides their review and sees the product's rating change", async ({
    page,
    newShopper,
  }, testInfo) => {
    const shopper = await newShopper({ firstName: "Priya", lastName: "Shah" });
    const product = await firstProduct(shopper.api, { minStock: 2 });
    const { number } = await paidInvoicedOrder(shopper.api, { products: [product._id], address: ADDRESS });
    await dataOf(
      await shopper.api.post(`/api/products/${product._id}/reviews`, {
        data: {
          title: "Not what the pictures show",
          rating: 1,
          comment: "The colour is much duller than in the photographs on the page.",
        },
      }),
      201,
    );
    const ratingOf = async () =>
      (await dataOf<{ rating: Rating }>(await page.request.get(`/api/products/${product._id}`), 200)).rating;
    const reviewed = await ratingOf();

    // A phone: the row is a card, and a tap anywhere on it opens the customer.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/customers?keyword=${encodeURIComponent(shopper.email)}`);
    const row = page.getByRole("row").filter({ hasText: shopper.email });
    await row.tap();
    await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${shopper.id}$`));
    await expect(page.getByRole("heading", { name: "Priya Shah" })).toBeVisible();
    await expect(page.getByRole("link", { name: `#${number}` })).toBeVisible();
    await expect(page.getByText(customerPage.orderCount)).toBeVisible();
    await expect(page.getByText(ADDRESS.building)).toBeVisible();
    await page.getByLabel(customerPage.noteLabel).fill("Asked for a call before delivery.");
    await page.getByRole("button", { name: customerPage.addNote }).click();
    await expectToast(page, customerPage.noteAdded);
    await expect(page.getByText("Asked for a call before delivery.")).toBeVisible();
    await screenshots(page, "dashboard-customer", (name) => testInfo.outputPath(name));
    expect(await serious(page)).toEqual([]);

    // The review: hidden from the shop, the product's rating and count leave it out.
    await page.goto(`/dashboard/reviews?product=${product._id}&rating=1`);
    const card = page.getByRole("article", { name: `Review by Priya Shah of ${product.name}` });
    await expect(card).toBeVisible();
    await screenshots(page, "dashboard-reviews", (name) => testInfo.outputPath(name));
    expect(await serious(page)).toEqual([]);
    await card.getByRole("button", { name: reviewModeration.hide }).click();
    await expectToast(page, reviewModeration.hidden);
    await expect(card.getByText(reviewModeration.hiddenBadge)).toBeVisible();
    const hidden = await ratingOf();
    expect(hidden.count).toBe(reviewed.count - 1);
    expect(hidden).not.toEqual(reviewed);

    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole("article", { name: "Review by Priya Shah" })).toHaveCount(0);

    // Shown again: the rating is what it was.
    await page.goto(`/dashboard/reviews?product=${product._id}&rating=1`);
    await card.getByRole("button", { name: reviewModeration.show }).click();
    await expectToast(page, reviewModeration.shownAgain);
    expect(await ratingOf()).toEqual(reviewed);
  });
});
