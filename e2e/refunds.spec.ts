import { readFile } from "node:fs/promises";
import { api as apiMessages, documents, refunds, salesReports } from "@shop/shared/messages";
import { formatPrice, fromCents, toCents } from "@shop/shared/pricing";
import type { AddressInput } from "@shop/shared/schemas/address";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { screenshots } from "./support/pages";
import { expectToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Arjun", lastName: "Mehta" },
  countryCode: "91",
  phoneNumber: "9820012345",
  building: "Flat 7, Harbour View Towers",
  street: "Nepean Sea Road",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400006",
  country: "India",
} satisfies AddressInput;

test.describe("the admin", () => {
  test.use({ signedInAs: "admin" });

  test("refunds part of a paid order from its page, sees it partly refunded, and downloads the invoice", async ({
    page,
    api,
  }, testInfo) => {
    const shopper = await api.as("shopper");
    const product = await firstProduct(shopper, { minStock: 2 });
    const { orderId, invoiceNumber } = await paidInvoicedOrder(shopper, {
      products: [product._id],
      address: ADDRESS,
    });

    // The money before: the home's net sales of all time and the report of the last 30 days.
    const figuresNow = async () => {
      const stats = (await (await page.request.get("/api/users/admin")).json()).data as { revenue: number };
      const report = (await (await page.request.get("/api/reports/sales")).json()).data as {
        netSales: number;
        refunds: number;
      };
      return {
        home: toCents(stats.revenue),
        report: toCents(report.netSales),
        refunds: toCents(report.refunds),
      };
    };
    const before = await figuresNow();

    await page.goto(`/dashboard/orders/order/${orderId}`);
    await page.getByRole("button", { name: refunds.refund, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: refunds.title });
    await expect(dialog.getByText(refunds.title)).toBeVisible();
    const amount = dialog.getByLabel(`${refunds.amount} ($)`);
    // The amount starts at what remains: the whole payment.
    await expect(amount).not.toHaveValue("");
    await amount.fill("10");
    await dialog.getByLabel(refunds.reason).fill("One item arrived scratched");
    await dialog.getByRole("spinbutton", { name: new RegExp(product.name) }).fill("1");
    await screenshots(page, "dashboard-order-refund-dialog", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    // The confirm button names the money it moves.
    await dialog.getByRole("button", { name: refunds.submitAmount("$10.00"), exact: true }).click();

    await expectToast(page, apiMessages.refundRecorded);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(refunds.partiallyRefunded("$10.00"))).toBeVisible();
    await expect(page.getByText("One item arrived scratched").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Credit note CN\// })).toBeVisible();
    // The payment reads partially refunded.
    await expect(page.locator("span", { hasText: /^Status: partially refunded$/ })).toBeVisible();
    await screenshots(page, "dashboard-order-refunded", (name) => testInfo.outputPath(name));
    await page.setViewportSize({ width: 1280, height: 800 });

    // Net sales drop by exactly the refund, on the home and in the report.
    const after = await figuresNow();
    expect(after.home).toBe(before.home - 1000);
    expect(after.report).toBe(before.report - 1000);
    expect(after.refunds).toBe(before.refunds + 1000);
    await page.goto("/dashboard/home");
    const netSalesTile = page
      .locator("dl > div")
      .filter({
        has: page.locator("> dt", {
          hasText: salesReports.withPeriod(salesReports.figures.netSales, salesReports.allTime),
        }),
      })
      .locator("> dd");
    await expect(netSalesTile).toHaveText(formatPrice(fromCents(after.home)));
    await page.goto("/dashboard/reports");
    await expect(page.getByText(formatPrice(fromCents(after.report))).first()).toBeVisible();
    await screenshots(page, "dashboard-reports-after-refund", (name) => testInfo.outputPath(name));
    await page.setViewportSize({ width: 1280, height: 800 });

    // The orders list says so too.
    await page.goto("/dashboard/orders");
    await expect(page.getByText(refunds.partiallyRefunded("$10.00")).first()).toBeVisible();

    await page.goto(`/dashboard/orders/order/${orderId}`);
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: documents.invoice, exact: true }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`invoice-${invoiceNumber.replaceAll("/", "-")}.pdf`);
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
