import AxeBuilder from "@axe-core/playwright";
import { gstReport, salesReports } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { GstReportDto } from "@shop/shared/schemas/report-gst";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { download, gotoSettled, screenshots } from "./support/pages";

/** Another state than the shop's: the invoice is an inter-state supply to an unregistered buyer, small, so B2CS. */
const ADDRESS = {
  name: { firstName: "Kavya", lastName: "Rao" },
  countryCode: "91",
  phoneNumber: "9844012345",
  building: "No. 14, Lakeview Residency",
  street: "Outer Ring Road",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560103",
  country: "India",
} satisfies AddressInput;

const B2CS_HEADER =
  "Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN";

/** The month the shop's clock (UTC+05:30) reads now: "2026-11". */
function shopMonth(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 7);
}

test.describe("the admin's GST returns", () => {
  test.use({ signedInAs: "admin" });

  test("opens the GST tab of Reports, picks the month of a new invoice and downloads B2CS as the offline tool reads it", async ({
    page,
    api,
  }, testInfo) => {
    const shopper = await api.as("shopper");
    const product = await firstProduct(shopper, { minStock: 2 });
    await paidInvoicedOrder(shopper, { products: [product._id], address: ADDRESS });
    const month = shopMonth();

    await gotoSettled(page, "/dashboard/reports");
    const tabs = page.getByRole("navigation", { name: `${salesReports.title} lists` });
    await tabs.getByRole("link", { name: gstReport.gstTab }).click();
    await expect(page).toHaveURL("/dashboard/reports/gst");
    await expect(tabs.getByRole("link", { name: gstReport.gstTab })).toHaveAttribute("aria-current", "page");

    const asked = page.waitForRequest((request) => request.url().includes(`/api/reports/gst?month=${month}`));
    await page.getByRole("combobox", { name: gstReport.monthLabel }).selectOption(month);
    await asked;
    await expect(page).toHaveURL(`/dashboard/reports/gst?month=${month}`);

    // The page shows what the API answers for the month: the new invoice's place of supply in B2CS.
    const answer = await page.request.get(`/api/reports/gst?month=${month}`);
    expect(answer.status()).toBe(200);
    const report = (await answer.json()).data as GstReportDto;
    const karnataka = report.b2cs.filter((row) => row.placeOfSupply === "29-Karnataka");
    expect(karnataka.some((row) => row.taxableValue > 0)).toBe(true);
    const b2cs = page.getByRole("table", { name: gstReport.tables.b2cs });
    await expect(b2cs.getByRole("row").filter({ hasText: "29-Karnataka" }).first()).toBeVisible();
    await expect(
      page
        .getByRole("table", { name: gstReport.tables.docs })
        .getByRole("row")
        .filter({ hasText: "Invoices" }),
    ).toContainText(String(report.docs[0]?.total));

    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`),
    ).toEqual([]);

    await screenshots(page, "dashboard-reports-gst", (name) => testInfo.outputPath(name));
    // The narrowest phone scrolls no table sideways out of the page: each row is a card, and each figure
    // with its label stays within it (a long one goes under its label).
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const outside = await page.evaluate(() =>
      Array.from(document.querySelectorAll("main table td *:not(.sr-only)")).flatMap((element) => {
        const table = element.closest("table")?.getBoundingClientRect();
        const { left, right } = element.getBoundingClientRect();
        return table && (right > table.right + 0.5 || left < table.left - 0.5) ? [element.textContent] : [];
      }),
    );
    expect(outside).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    const csv = await download(page, `${salesReports.downloadCsv}: ${gstReport.tables.b2cs}`);
    // Named by the GSTIN whose return it is, the table and the month.
    expect(csv.filename).toMatch(new RegExp(`^gstr1-[0-9A-Z]{15}-b2cs-${month}\\.csv$`));
    const lines = csv.body
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe(B2CS_HEADER);
    // NOTE: the demo's documents are still being completed in the background when the server is
    // ready, so the file's figures are checked by their form, not against an earlier answer.
    const rows = lines.slice(1).filter((line) => line !== "");
    expect(rows.some((line) => line.startsWith("OE,29-Karnataka,"))).toBe(true);
    for (const line of rows) expect(line).toMatch(/^OE,\d{2}-[A-Za-z ]+,\d+(\.\d+)?,,-?\d+\.\d{2},0\.00,$/);
  });
});
