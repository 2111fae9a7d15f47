import { readFile } from "node:fs/promises";
import { api as apiMessages, documents, refunds, salesReports } from "@shop/shared/messages";
import { formatPrice, fromCents, toCents } from "@shop/shared/pricing";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { OrderDto } from "@shop/shared/schemas/order";
import { extractText } from "unpdf";
import { dataOf } from "./support/api";
import { firstProduct, type ProductRow } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { download, screenshots } from "./support/pages";
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

    // The money before: the home's total sales of all time and the report of the last 30 days.
    const figuresNow = async () => {
      const stats = (await (await page.request.get("/api/users/admin")).json()).data as { revenue: number };
      const report = (await (await page.request.get("/api/reports/sales")).json()).data as {
        netSales: number;
        totalSales: number;
        refunds: number;
      };
      return {
        home: toCents(stats.revenue),
        netSales: toCents(report.netSales),
        totalSales: toCents(report.totalSales),
        refunds: toCents(report.refunds),
      };
    };
    const before = await figuresNow();

    await page.goto(`/dashboard/orders/order/${orderId}`);
    await page.getByRole("button", { name: refunds.refund, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: refunds.title });
    await expect(dialog.getByText(refunds.title)).toBeVisible();
    // A goodwill amount, without goods coming back.
    await dialog.getByRole("switch", { name: refunds.byAmount }).click();
    const amount = dialog.getByLabel(`${refunds.amount} ($)`);
    // The amount starts at what remains: the whole payment.
    await expect(amount).not.toHaveValue("");
    await amount.fill("10");
    await dialog.getByLabel(refunds.reason).fill("One item arrived scratched");
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
    await expect(page.getByRole("link", { name: /^Credit note CN\d{4}\// })).toBeVisible();
    // The payment reads partially refunded, in the words every page gives that state.
    await expect(page.locator("span", { hasText: /^Status: Partially refunded$/ })).toBeVisible();
    await screenshots(page, "dashboard-order-refunded", (name) => testInfo.outputPath(name));
    await page.setViewportSize({ width: 1280, height: 800 });

    // Total sales drop by exactly the refund, on the home and in the report; net sales (goods
    // before GST) by the value its credit note gave back, each part's round off in it.
    const after = await figuresNow();
    const order = await dataOf<OrderDto>(await page.request.get(`/api/orders/${orderId}`), 200);
    const credited = (order.payment?.refunds[0]?.lines ?? []).reduce(
      (sum, line) => sum + toCents(line.total) - toCents(line.cgst) - toCents(line.sgst) - toCents(line.igst),
      0,
    );
    expect(credited).toBeGreaterThan(0);
    expect(after.home).toBe(before.home - 1000);
    expect(after.totalSales).toBe(before.totalSales - 1000);
    expect(after.netSales).toBe(before.netSales - credited);
    expect(after.refunds).toBe(before.refunds + 1000);
    await page.goto("/dashboard/home");
    const totalSalesTile = page
      .locator("dl > div")
      .filter({
        has: page.locator("> dt", {
          hasText: salesReports.withPeriod(salesReports.figures.totalSales, salesReports.allTime),
        }),
      })
      .locator("> dd");
    await expect(totalSalesTile).toHaveText(formatPrice(fromCents(after.home)));
    await page.goto("/dashboard/reports");
    await expect(page.getByText(formatPrice(fromCents(after.totalSales))).first()).toBeVisible();
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

  test("refunds two of three lines from the dialog, for the amount it showed, and downloads a credit note listing them", async ({
    page,
    api,
  }, testInfo) => {
    const shopper = await api.as("shopper");
    const catalogue = await dataOf<ProductRow[]>(await shopper.get("/api/products?size=50"), 200);
    const three = catalogue.filter((row) => row.options.length === 0 && row.stock > 1).slice(0, 3);
    expect(three).toHaveLength(3);
    const { orderId } = await paidInvoicedOrder(shopper, {
      products: three.map((product) => product._id),
      address: ADDRESS,
    });
    const placed = await dataOf<OrderDto>(await page.request.get(`/api/orders/${orderId}`), 200);
    expect(placed.products).toHaveLength(3);
    const [first, second, third] = placed.products as [
      OrderDto["products"][number],
      OrderDto["products"][number],
      OrderDto["products"][number],
    ];
    // A whole line gives back what its invoice line charged: its value and its GST.
    const charged = (line: OrderDto["products"][number]) =>
      toCents(line.taxableValue) + toCents(line.cgst) + toCents(line.sgst) + toCents(line.igst);
    const expected = formatPrice(fromCents(charged(first) + charged(second)));

    await page.goto(`/dashboard/orders/order/${orderId}`);
    await page.getByRole("button", { name: refunds.refund, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: refunds.title });
    for (const line of [first, second, third])
      await expect(dialog.getByRole("spinbutton", { name: refunds.unitsOf(line.name) })).toHaveValue("0");
    await dialog.getByRole("button", { name: refunds.moreOf(first.name) }).click();
    await dialog.getByRole("button", { name: refunds.moreOf(second.name) }).click();
    await dialog.getByRole("checkbox", { name: refunds.restockAll }).check();
    await dialog.getByLabel(refunds.reason).fill("Two items came back unworn");
    // The amount before confirming: on the button, worked out as the server works it out.
    const confirm = dialog.getByRole("button", { name: refunds.submitAmount(expected), exact: true });
    await expect(confirm).toBeVisible();
    await screenshots(page, "dashboard-order-refund-lines", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
    await expect(confirm).toBeInViewport();
    await confirm.click();

    await expectToast(page, apiMessages.refundRecorded);
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByText(`${refunds.creditLine(1, first.name)}, ${refunds.creditLine(1, second.name)}`),
    ).toBeVisible();

    // The API recorded the amount the dialog showed, by the two lines.
    const after = await dataOf<OrderDto>(await page.request.get(`/api/orders/${orderId}`), 200);
    const [refund] = after.payment?.refunds ?? [];
    expect(refund && formatPrice(refund.amount)).toBe(expected);
    expect(refund?.lines.map((line) => [line.kind, line.line, line.quantity])).toEqual([
      ["goods", first._id, 1],
      ["goods", second._id, 1],
    ]);

    // The credit note lists the two lines with their HSN and the GST their invoice lines charged.
    const note = await download(page, refunds.creditNote(refund?.creditNoteNumber ?? ""));
    expect(note.filename).toBe(`credit-note-${(refund?.creditNoteNumber ?? "").replaceAll("/", "-")}.pdf`);
    const { text } = await extractText(new Uint8Array(note.body), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(refund?.creditNoteNumber);
    for (const line of [first, second]) {
      expect(flat).toContain(line.name);
      expect(line.hsnCode).not.toBeNull();
      expect(flat).toContain(documents.hsn(line.hsnCode ?? ""));
      for (const tax of [line.cgst, line.sgst, line.igst].filter((amount) => amount > 0))
        expect(flat).toContain(formatPrice(tax));
      // Each line's tax is its rate on its taxable value, as the invoice charged it.
      const tax = toCents(line.cgst) + toCents(line.sgst) + toCents(line.igst);
      expect(
        Math.abs(tax - Math.round((toCents(line.taxableValue) * line.taxRate) / 100)),
      ).toBeLessThanOrEqual(1);
    }
    expect(flat).not.toContain(third.name);
    expect(flat).toContain(formatPrice(refund?.amount ?? 0));
  });
});
