import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { salesReports, validation } from "@shop/shared/messages";
import { formatPrice } from "@shop/shared/pricing";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { expect, test } from "./support/fixtures";
import { download, gotoSettled, screenshots } from "./support/pages";

const { figures, tables } = salesReports;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The figure a tile of the report shows, by the tile's name. */
function tileValue(page: Page, name: string) {
  // A tile's parts are a list of their own inside it: "Net sales" is also a part of "Total sales".
  return page
    .locator("dl:not(dl dl) > div")
    .filter({ has: page.locator("> dt", { hasText: new RegExp(`^${name}$`) }) })
    .locator("> dd > span");
}

/**
 * At 360 px, the narrowest phone the dashboard serves: no figure spills out of its tile, and the page
 * does not scroll sideways (a wide chart or table scrolls inside its own card).
 */
async function expectFitsAt360(page: Page, name: string, outputPath: (name: string) => string) {
  await page.setViewportSize({ width: 360, height: 800 });
  const spilled = await page
    .locator("main dl > div")
    .evaluateAll((tiles) =>
      tiles.filter((tile) => tile.scrollWidth > tile.clientWidth).map((tile) => tile.textContent),
    );
  expect(spilled).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: outputPath(`${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The days of the next report the page asks for. */
async function nextReportDays(page: Page) {
  const request = await page.waitForRequest((r) => r.url().includes("/api/reports/sales?"));
  const params = new URL(request.url()).searchParams;
  return { from: params.get("from") ?? "", to: params.get("to") ?? "" };
}

/** The API's report of the same days, for the page's figures to be compared with. */
async function reportOf(page: Page, days: { from: string; to: string }): Promise<SalesReportDto> {
  const answer = await page.request.get(`/api/reports/sales?from=${days.from}&to=${days.to}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data;
}

test.describe("the admin's reports", () => {
  test.use({ signedInAs: "admin" });

  test("opens Reports from the sidebar, reads the period's net sales, switches to 7 days and downloads a table", async ({
    page,
  }, testInfo) => {
    // The home's money tiles name their period: all time.
    await gotoSettled(page, "/dashboard/home");
    const stats = (await (await page.request.get("/api/users/admin")).json()).data;
    const homeTile = (name: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.locator("> dt", { hasText: new RegExp(`^${name}$`) }) })
        .locator("> dd");
    await expect(homeTile(salesReports.withPeriod(figures.totalSales, salesReports.allTime))).toHaveText(
      formatPrice(stats.revenue),
    );
    await expect(homeTile(salesReports.withPeriod(figures.refunds, salesReports.allTime))).toHaveText(
      formatPrice(stats.refunds),
    );
    await screenshots(page, "dashboard-home-net-sales", (name) => testInfo.outputPath(name));
    await expectFitsAt360(page, "dashboard-home-net-sales", (name) => testInfo.outputPath(name));

    const first = nextReportDays(page);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports" }).click();
    await expect(page).toHaveURL("/dashboard/reports");
    await expect(page.getByRole("radio", { name: salesReports.periods["30d"] })).toBeChecked();

    // The last 30 days of the shop's clock, today included, as the API counts them.
    const month = await first;
    expect((Date.parse(month.to) - Date.parse(month.from)) / DAY_MS).toBe(29);
    const monthReport = await reportOf(page, month);
    await expect(tileValue(page, figures.netSales)).toHaveText(formatPrice(monthReport.netSales));
    await expect(tileValue(page, figures.totalSales)).toHaveText(formatPrice(monthReport.totalSales));
    await expect(tileValue(page, figures.ordersPaid)).toHaveText(
      monthReport.ordersPaid.toLocaleString("en-US"),
    );
    await expect(tileValue(page, figures.ordersPlaced)).toHaveText(
      monthReport.ordersPlaced.toLocaleString("en-US"),
    );

    const next = nextReportDays(page);
    await page.getByText(salesReports.periods["7d"], { exact: true }).click();
    await expect(page).toHaveURL("/dashboard/reports?period=7d");
    const week = await next;
    expect(week.to).toBe(month.to);
    expect((Date.parse(week.to) - Date.parse(week.from)) / DAY_MS).toBe(6);
    const weekReport = await reportOf(page, week);
    await expect(tileValue(page, figures.netSales)).toHaveText(formatPrice(weekReport.netSales));
    await expect(
      page.getByRole("img", {
        name: new RegExp(`${formatPrice(weekReport.netSales).replace("$", "\\$")} net sales$`),
      }),
    ).toBeVisible();

    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`),
    ).toEqual([]);

    await screenshots(page, "dashboard-reports-7d", (name) => testInfo.outputPath(name));
    await expectFitsAt360(page, "dashboard-reports-7d", (name) => testInfo.outputPath(name));
    await page.setViewportSize({ width: 1280, height: 800 });

    const csv = await download(page, `${salesReports.downloadCsv}: ${tables.byCategory}`);
    expect(csv.filename).toBe(`sales-byCategory-${week.from}-to-${week.to}.csv`);
    expect(
      csv.body
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .split(/\r?\n/)[0],
    ).toBe("Category id,Category,Net sales,Units");

    // A custom range that ends before it starts: the API's refusal, under the field it names.
    await page.getByText(salesReports.periods.custom, { exact: true }).click();
    await expect(page.getByLabel(salesReports.from, { exact: true })).toHaveValue(week.from);
    await page.getByLabel(salesReports.to, { exact: true }).fill(month.from);
    await expect(page.getByLabel(salesReports.to, { exact: true })).toHaveAccessibleDescription(
      validation.dateRange,
    );
    await expect(page).toHaveURL(`/dashboard/reports?period=custom&from=${week.from}&to=${month.from}`);
    await screenshots(page, "dashboard-reports-refused", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
  });
});
