import {
  api as apiMessages,
  codCashReport,
  codConfirmationReport,
  errors,
  salesReports,
  validation,
} from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ReportsPage } from "./reports-page";

const { figures, tables } = salesReports;

/**
 * 20:00 UTC on March 15th is 01:30 on March 16th on the shop's clock (UTC+05:30): every period is
 * counted from the 16th, whatever the day where the browser is.
 */
const NOW = new Date("2026-03-15T20:00:00.000Z");

const shirt = {
  product: "a1a1a1a1a1a1a1a1a1a1a1a1",
  variant: "b1b1b1b1b1b1b1b1b1b1b1b1",
  name: "Linen Shirt (M / Blue)",
  sku: "SHIRT-M-BLUE",
  netSales: 900,
  units: 6,
};
const hat = {
  product: "a2a2a2a2a2a2a2a2a2a2a2a2",
  variant: "b2b2b2b2b2b2b2b2b2b2b2b2",
  name: "Straw Hat",
  sku: "HAT-1",
  netSales: 120,
  units: 8,
};

/**
 * A report of the days asked for, with figures that tie: net sales = gross − discounts − returns
 * (1,400 − 150.50 − 15 = 1,234.50); total sales = net + shipping + tax + COD fees (1,234.50 + 80 +
 * 174.50 + 20 = 1,509.00).
 */
function reportOf(from: string, to: string): SalesReportDto {
  return {
    from,
    to,
    currency: "USD",
    otherCurrencies: [],
    grossSales: 1400,
    discounts: 150.5,
    saleDiscounts: 100,
    codeDiscounts: 50.5,
    returns: 15,
    netSales: 1234.5,
    shipping: 80,
    tax: { cgst: 81.1, sgst: 81.1, igst: 12.3 },
    taxInvoiced: 184.1,
    taxCredited: 9.6,
    codFees: 20,
    totalSales: 1509,
    paymentsTaken: 1294.5,
    refunds: 60,
    chargebacks: 45.25,
    netPayments: 1189.25,
    ordersPlaced: 15,
    ordersPaid: 12,
    orders: 12,
    averageOrderValue: 107.88,
    units: 14,
    byDay: [
      { date: from, netSales: 1249.5, totalSales: 1569, orders: 12 },
      { date: to, netSales: -15, totalSales: -60, orders: 0 },
    ],
    topProducts: [shirt, hat],
    topProductsByUnits: [hat, shirt],
    byCategory: [
      { category: "c1c1c1c1c1c1c1c1c1c1c1c1", name: "Shirts", netSales: 900, units: 6 },
      { category: "c2c2c2c2c2c2c2c2c2c2c2c2", name: "Hats", netSales: 120, units: 8 },
    ],
    byDiscountCode: [{ code: "SPRING10", uses: 3, discount: 50.5, netSales: 410 }],
    returnedToOrigin: {
      shipped: 8,
      returnedToOrigin: 2,
      rate: 25,
      byMonth: [{ month: "2026-10", shipped: 8, returnedToOrigin: 2, rate: 25 }],
      byState: [
        { state: "Maharashtra", shipped: 5, returnedToOrigin: 2, rate: 40 },
        { state: "Karnataka", shipped: 3, returnedToOrigin: 0, rate: 0 },
      ],
    },
    // 48 COD orders asked: 40 confirmed, one of them before the channel was kept; 8 not.
    codConfirmation: {
      orders: 48,
      confirmed: 40,
      rate: 83.3,
      byChannel: [
        { channel: "whatsapp", confirmed: 22, rate: 45.8 },
        { channel: "email", confirmed: 9, rate: 18.8 },
        { channel: "account", confirmed: 5, rate: 10.4 },
        { channel: "phone", confirmed: 3, rate: 6.3 },
      ],
      unconfirmed: 8,
      unconfirmedRate: 16.7,
      rto: {
        confirmed: { shipped: 38, returned: 2, rate: 5.3 },
        unconfirmed: { shipped: 25, returned: 6, rate: 24 },
      },
    },
    codCollected: 3120.5,
    codAwaitingRemittance: { count: 4, amount: 1899 },
    codRemitted: 2750.25,
    cartReminders: { sent: 1204, recovered: 37, recoveredSales: 4210.5 },
    storeCredit: { used: 1250, refunded: 640.5 },
    paymentsByMethod: [
      { kind: "razorpay", method: "upi", amount: 1044.5 },
      { kind: "store_credit", amount: 250 },
    ],
  };
}

function emptyReport(from: string, to: string): SalesReportDto {
  return {
    ...reportOf(from, to),
    grossSales: 0,
    discounts: 0,
    saleDiscounts: 0,
    codeDiscounts: 0,
    returns: 0,
    netSales: 0,
    shipping: 0,
    tax: { cgst: 0, sgst: 0, igst: 0 },
    taxInvoiced: 0,
    taxCredited: 0,
    codFees: 0,
    totalSales: 0,
    paymentsTaken: 0,
    refunds: 0,
    chargebacks: 0,
    netPayments: 0,
    ordersPlaced: 0,
    ordersPaid: 0,
    orders: 0,
    averageOrderValue: 0,
    units: 0,
    byDay: [{ date: from, netSales: 0, totalSales: 0, orders: 0 }],
    topProducts: [],
    topProductsByUnits: [],
    byCategory: [],
    byDiscountCode: [],
    returnedToOrigin: { shipped: 0, returnedToOrigin: 0, rate: null, byMonth: [], byState: [] },
    codConfirmation: {
      orders: 0,
      confirmed: 0,
      rate: null,
      byChannel: [
        { channel: "whatsapp", confirmed: 0, rate: null },
        { channel: "email", confirmed: 0, rate: null },
        { channel: "account", confirmed: 0, rate: null },
        { channel: "phone", confirmed: 0, rate: null },
      ],
      unconfirmed: 0,
      unconfirmedRate: null,
      rto: {
        confirmed: { shipped: 0, returned: 0, rate: null },
        unconfirmed: { shipped: 0, returned: 0, rate: null },
      },
    },
    codCollected: 0,
    codAwaitingRemittance: { count: 0, amount: 0 },
    codRemitted: 0,
    cartReminders: { sent: 0, recovered: 0, recoveredSales: 0 },
    storeCredit: { used: 0, refunded: 0 },
    paymentsByMethod: [],
  };
}

/** The API as it answers: the report of the days asked for, or a refusal naming `to` for a backwards range. */
function reports(make = reportOf) {
  return ({ query }: StubRequest) => {
    const from = query.get("from") ?? "";
    const to = query.get("to") ?? "";
    if (to < from)
      return { status: 400, message: apiMessages.invalidInput, errors: { to: validation.dateRange } };
    return { data: make(from, to) };
  };
}

function renderReports(routes: StubRoutes, path = "/dashboard/reports") {
  const stub = stubApi(routes);
  const rendered = renderRoutes([{ path: "/dashboard/reports", element: <ReportsPage /> }], path);
  const asked = () =>
    stub.requests
      .filter((request) => request.path === "/api/reports/sales")
      .map((request) => Object.fromEntries(request.query));
  return { ...stub, ...rendered, asked };
}

/** A tile: its name and what it shows (not a part of another tile that has the same name). */
function tile(name: string) {
  const term = screen
    .getAllByText(name)
    .find((element) => element.tagName === "DT" && !element.parentElement?.parentElement?.closest("dd"));
  const box = term?.parentElement;
  if (!box) throw new Error(`no tile ${name}`);
  return box;
}

/** Waits for the report to be on screen. */
const loaded = () => screen.findByRole("table", { name: tables.topProducts });

function card(title: string) {
  const heading = screen.getByRole("heading", { name: title });
  const section = heading.closest("section");
  if (!section) throw new Error(`no card ${title}`);
  return section;
}

beforeEach(() => {
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the dashboard's Reports page", () => {
  it("counts the orders of another currency apart, in theirs, never in the shop's figures", async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    try {
      renderReports({
        "GET /api/reports/sales": reports((from, to) => ({
          ...reportOf(from, to),
          currency: "INR",
          otherCurrencies: [{ currency: "USD", orders: 12, totalSales: 1234 }],
        })),
      });
      await loaded();
      expect(tile(figures.totalSales)).toHaveTextContent(`${figures.totalSales}₹1,509.00`);
      const note = screen.getByRole("note");
      expect(note).toHaveTextContent(salesReports.otherCurrenciesNote);
      expect(within(note).getByText("and 12 orders in USD: $1,234.00")).toBeVisible();
    } finally {
      setShopSettings(DEFAULT_PAGE_SETTINGS);
    }
  });

  it("asks for the last 30 days of the shop's clock, and shows the figures, the chart and the tables", async () => {
    const { asked } = renderReports({ "GET /api/reports/sales": reports() });

    await loaded();
    expect(asked()).toEqual([{ from: "2026-02-15", to: "2026-03-16" }]);
    expect(screen.getByRole("radio", { name: salesReports.periods["30d"] })).toBeChecked();
    expect(screen.getByText("Feb 15, 2026 – Mar 16, 2026")).toBeVisible();

    // Total sales and what makes it up; tax 81.10 + 81.10 + 12.30, to the cent.
    expect(tile(figures.totalSales)).toHaveTextContent(
      `${figures.totalSales}$1,509.00${figures.netSales}$1,234.50${figures.shipping}$80.00` +
        `${figures.tax}$174.50${figures.codFees}$20.00`,
    );
    expect(tile(figures.netSales)).toHaveTextContent(
      `${figures.netSales}$1,234.50${figures.grossSales}$1,400.00${figures.saleDiscounts}−$100.00` +
        `${figures.codeDiscounts}−$50.50${figures.returns}−$15.00`,
    );
    expect(tile(figures.tax)).toHaveTextContent(
      `$174.50${figures.cgst}$81.10${figures.sgst}$81.10${figures.igst}$12.30` +
        `${figures.taxInvoiced}$184.10${figures.taxCredited}−$9.60`,
    );
    expect(tile(figures.paymentsTaken)).toHaveTextContent("$1,294.50");
    expect(tile(figures.refunds)).toHaveTextContent("$60.00");
    // Chargebacks apart from refunds, and the money left: 1,294.50 − 60 − 45.25.
    expect(tile(figures.chargebacks)).toHaveTextContent("$45.25");
    expect(tile(figures.netPayments)).toHaveTextContent("$1,189.25");
    expect(tile(figures.ordersPlaced)).toHaveTextContent("15");
    expect(tile(figures.ordersPaid)).toHaveTextContent("12");
    expect(tile(figures.averageOrderValue)).toHaveTextContent("$107.88");
    expect(tile(figures.units)).toHaveTextContent("14");
    // The abandoned-checkout reminders: sent, carts recovered and what those orders came to.
    const reminders = salesReports.cartReminders;
    expect(card(reminders.title)).toHaveTextContent(
      `${reminders.sent}1,204${reminders.recovered}37${reminders.recoveredSales}$4,210.50`,
    );
    // Cash on delivery money: collected in the period, held by couriers now, remitted in the period.
    const codCash = codCashReport;
    expect(card(codCash.title)).toHaveTextContent(
      `${codCash.collected}$3,120.50${codCash.collectedHint}${codCash.awaiting}$1,899.00${codCash.awaitingHint(4)}${codCash.remitted}$2,750.25${codCash.remittedHint}`,
    );
    // Payments taken by what took them: store credit a row of its own, adding up to the payments taken.
    const byMethod = within(card(salesReports.paymentsByMethod.title)).getByRole("table", {
      name: salesReports.paymentsByMethod.title,
    });
    expect(
      within(byMethod)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      "Razorpay · UPI$1,044.50",
      "Store credit$250.00",
      `${salesReports.paymentsByMethod.total}$1,294.50`,
    ]);

    expect(
      within(card(tables.byDay)).getByRole("img", {
        name: "Feb 15, 2026 – Mar 16, 2026: 12 orders placed, $1,234.50 net sales",
      }),
    ).toBeVisible();

    const byNet = within(card(tables.topProducts)).getByRole("table", { name: tables.topProducts });
    const rows = within(byNet).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Linen Shirt (M / Blue)SKU SHIRT-M-BLUEUnits 6Net sales $900.00",
      "Straw HatSKU HAT-1Units 8Net sales $120.00",
    ]);
    expect(within(byNet).getByRole("link", { name: "Linen Shirt (M / Blue)" })).toHaveAttribute(
      "href",
      `/dashboard/products/edit/${shirt.product}`,
    );
    const byUnits = screen.getByRole("table", { name: tables.topProductsByUnits });
    expect(
      within(byUnits)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Straw Hat", "Linen Shirt (M / Blue)"]);
    expect(screen.getByRole("table", { name: tables.byCategory })).toHaveTextContent(
      /Shirts.*\$900\.00.*Hats.*\$120\.00/,
    );
    const codes = screen.getByRole("table", { name: tables.byDiscountCode });
    expect(within(codes).getAllByRole("row")[1]).toHaveTextContent(
      "SPRING10Uses 3Discount given $50.50Net sales $410.00",
    );
    const rto = card(tables.returnedToOrigin);
    expect(within(rto).getByText(salesReports.rtoSummary(2, 8, "25%"))).toBeVisible();
    const byState = within(rto).getByRole("table", {
      name: `${tables.returnedToOrigin}: ${salesReports.columns.state}`,
    });
    expect(within(byState).getAllByRole("row")[1]).toHaveTextContent(
      "MaharashtraCOD orders shipped 5Returned (RTO) 2RTO rate 40%",
    );
  });

  it("shows cash on delivery confirmation by channel, and returns to origin with and without it", async () => {
    renderReports({ "GET /api/reports/sales": reports() });
    await loaded();
    const words = codConfirmationReport;
    const confirmation = card(words.title);
    expect(within(confirmation).getByText(words.asked(48))).toBeVisible();
    const shares = within(confirmation)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(shares).toEqual([
      ["Confirmed", "83.3% (40)"],
      ["WhatsApp", "45.8% (22)"],
      ["Email link", "18.8% (9)"],
      ["Order page", "10.4% (5)"],
      ["Phone", "6.3% (3)"],
      ["Unconfirmed", "16.7% (8)"],
    ]);
    expect(within(confirmation).getByText(words.unknownChannel(1))).toBeVisible();
    expect(confirmation).toHaveTextContent(
      "Returned to origin: confirmed 5.3% (2 of 38) · unconfirmed 24% (6 of 25)",
    );
  });

  it("has no confirmation rates for a period without cash on delivery orders", async () => {
    renderReports({ "GET /api/reports/sales": reports(emptyReport) });
    await screen.findByRole("heading", { name: codConfirmationReport.title });
    const confirmation = card(codConfirmationReport.title);
    expect(within(confirmation).getByText(codConfirmationReport.asked(0))).toBeVisible();
    expect(within(confirmation).queryByText(codConfirmationReport.unknownChannel(0))).toBeNull();
    expect(confirmation).toHaveTextContent(
      "Returned to origin: confirmed – (0 of 0) · unconfirmed – (0 of 0)",
    );
  });

  it("links each table's CSV for the period on screen, and none for the products by units", async () => {
    renderReports({ "GET /api/reports/sales": reports() });
    await loaded();

    const links = screen.getAllByRole("link", { name: new RegExp(`^${salesReports.downloadCsv}`) });
    const hrefs = links.map((link) => new URL(link.getAttribute("href") ?? "", "http://shop.test"));
    expect(hrefs.map((href) => [href.pathname, Object.fromEntries(href.searchParams)])).toEqual(
      ["byDay", "topProducts", "byCategory", "byDiscountCode"].map((table) => [
        "/api/reports/sales",
        { from: "2026-02-15", to: "2026-03-16", format: "csv", table },
      ]),
    );
    expect(
      screen.getByRole("link", { name: `${salesReports.downloadCsv}: ${tables.topProducts}` }),
    ).toHaveAttribute("download");
    expect(
      within(card(tables.topProductsByUnits)).queryByRole("link", {
        name: new RegExp(salesReports.downloadCsv),
      }),
    ).toBeNull();
  });

  it("asks for last month by the shop's clock, keeps it in the address, and moves the CSV links with it", async () => {
    const { asked, router } = renderReports({ "GET /api/reports/sales": reports() });
    await loaded();

    await userEvent.click(screen.getByRole("radio", { name: salesReports.periods["last-month"] }));
    await waitFor(() => expect(asked()).toHaveLength(2));
    // On the shop's clock it is March 16th: last month is February, whole.
    expect(asked()[1]).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(router.state.location.search).toBe("?period=last-month");
    expect(await screen.findByText("Feb 1, 2026 – Feb 28, 2026")).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByRole("link", { name: `${salesReports.downloadCsv}: ${tables.byCategory}` }),
      ).toHaveAttribute(
        "href",
        "/api/reports/sales?from=2026-02-01&to=2026-02-28&format=csv&table=byCategory",
      ),
    );

    await userEvent.click(screen.getByRole("radio", { name: salesReports.periods.today }));
    await waitFor(() => expect(asked()[2]).toEqual({ from: "2026-03-16", to: "2026-03-16" }));
    await userEvent.click(screen.getByRole("radio", { name: salesReports.periods["7d"] }));
    await waitFor(() => expect(asked()[3]).toEqual({ from: "2026-03-10", to: "2026-03-16" }));
    await userEvent.click(screen.getByRole("radio", { name: salesReports.periods["this-month"] }));
    await waitFor(() => expect(asked()[4]).toEqual({ from: "2026-03-01", to: "2026-03-16" }));
  });

  it("reads a period from the address", async () => {
    const { asked } = renderReports(
      { "GET /api/reports/sales": reports() },
      "/dashboard/reports?period=custom&from=2026-01-05&to=2026-01-20",
    );
    await loaded();
    expect(asked()).toEqual([{ from: "2026-01-05", to: "2026-01-20" }]);
    expect(screen.getByRole("radio", { name: salesReports.periods.custom })).toBeChecked();
    expect(screen.getByLabelText(salesReports.from)).toHaveValue("2026-01-05");
    expect(screen.getByLabelText(salesReports.to)).toHaveValue("2026-01-20");
  });

  it("shows the API's field error under 'To' for a custom range that ends before it starts", async () => {
    const { asked } = renderReports({ "GET /api/reports/sales": reports() });
    await loaded();

    await userEvent.click(screen.getByRole("radio", { name: salesReports.periods.custom }));
    const from = screen.getByLabelText(salesReports.from);
    const to = screen.getByLabelText(salesReports.to);
    // The custom range starts as the days that were on screen.
    expect(from).toHaveValue("2026-02-15");
    expect(to).toHaveValue("2026-03-16");

    fireEvent.change(from, { target: { value: "2026-03-10" } });
    fireEvent.change(to, { target: { value: "2026-03-01" } });
    await waitFor(() => expect(to).toHaveAccessibleDescription(validation.dateRange));
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(from).not.toHaveAttribute("aria-invalid");
    expect(asked().at(-1)).toEqual({ from: "2026-03-10", to: "2026-03-01" });
    expect(screen.getByRole("alert")).toHaveTextContent(`Error: ${apiMessages.invalidInput}`);

    // Put right, the error goes and the report comes.
    fireEvent.change(to, { target: { value: "2026-03-12" } });
    await waitFor(() => expect(to).not.toHaveAttribute("aria-invalid"));
    expect(asked().at(-1)).toEqual({ from: "2026-03-10", to: "2026-03-12" });
    expect(await screen.findByText("Mar 10, 2026 – Mar 12, 2026")).toBeVisible();
  });

  it("asks nothing while a custom day is left out, and says to choose it", async () => {
    const { asked } = renderReports(
      { "GET /api/reports/sales": reports() },
      "/dashboard/reports?period=custom&from=2026-01-05&to=",
    );
    expect(await screen.findByText(salesReports.chooseDays)).toBeVisible();
    expect(screen.getByLabelText(salesReports.to)).toHaveAccessibleDescription(validation.required);
    expect(asked()).toEqual([]);
  });

  it("says so in each table when the period sold nothing", async () => {
    renderReports({ "GET /api/reports/sales": reports(emptyReport) });
    await waitFor(() => expect(tile(figures.ordersPaid)).toHaveTextContent(`${figures.ordersPaid}0`));
    expect(tile(figures.totalSales)).toHaveTextContent("$0.00");
    for (const title of [tables.topProducts, tables.topProductsByUnits, tables.byCategory]) {
      expect(within(card(title)).getByText(salesReports.noSales)).toBeVisible();
      expect(within(card(title)).queryByRole("table")).toBeNull();
    }
    expect(within(card(tables.byDiscountCode)).getByText(salesReports.noCodes)).toBeVisible();
    expect(within(card(tables.returnedToOrigin)).getByText(salesReports.noCodShipped)).toBeVisible();
    expect(
      within(card(salesReports.paymentsByMethod.title)).getByText(salesReports.paymentsByMethod.none),
    ).toBeVisible();
  });

  it("shows the figures' places while the report loads, and the error when it fails", async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderRoutes([{ path: "/dashboard/reports", element: <ReportsPage /> }], "/dashboard/reports");
    expect(await screen.findByRole("heading", { name: tables.byDay })).toBeVisible();
    // The tiles are there with their names; their numbers are not yet.
    expect(screen.getByText(figures.averageOrderValue)).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();

    answer(
      new Response(JSON.stringify({ success: false, message: errors.somethingWentWrong }), {
        status: 500,
        headers: { "content-type": "application/json" },
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${errors.somethingWentWrong}`);
  });
});
