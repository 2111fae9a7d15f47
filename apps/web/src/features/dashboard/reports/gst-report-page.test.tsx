import { gstReport, salesReports } from "@shop/shared/messages";
import type { GstReportDto } from "@shop/shared/schemas/report-gst";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { GstReportPage } from "./gst-report-page";

const { tables, columns } = gstReport;

/** 20:00 UTC on November 30th is 01:30 on December 1st on the shop's clock: the month to file is November. */
const NOW = new Date("2026-11-30T20:00:00.000Z");

const NONE = { igst: 0, cgst: 0, sgst: 0, cess: 0 };

function reportOf(month: string): GstReportDto {
  return {
    month,
    gstin: "27AAPFU0939F1ZV",
    otherGstins: [],
    from: `${month}-01`,
    to: `${month}-30`,
    b2b: [],
    b2cl: [
      {
        invoiceNumber: "INV/2026-27/000013",
        invoiceDate: `${month}-15`,
        invoiceValue: 118761,
        placeOfSupply: "07-Delhi",
        rate: 18,
        taxableValue: 100200,
        ...NONE,
        igst: 18036,
      },
    ],
    b2cs: [
      { placeOfSupply: "27-Maharashtra", rate: 5, taxableValue: 1000, ...NONE, cgst: 25, sgst: 25 },
      { placeOfSupply: "29-Karnataka", rate: 18, taxableValue: -1000, ...NONE, igst: -180 },
    ],
    hsn: [
      {
        hsn: "6205",
        description: "Linen Shirt",
        uqc: "NOS-NUMBERS",
        quantity: 102,
        totalValue: 120478,
        rate: 18,
        taxableValue: 102100,
        igst: 16416,
        cgst: 981,
        sgst: 981,
        cess: 0,
      },
    ],
    hsnB2b: [],
    hsnB2c: [],
    cdnr: [],
    cdnur: [],
    docs: [
      {
        nature: "Invoices for outward supply",
        from: "INV/2026-27/000011",
        to: "INV/2026-27/000015",
        total: 5,
        cancelled: 0,
      },
      { nature: "Credit Note", from: "CN/2026-27/000002", to: "CN/2026-27/000002", total: 1, cancelled: 0 },
    ],
    gstr3b: { taxableValue: 104600, igst: 16441, cgst: 1031, sgst: 1031, cess: 0 },
  };
}

function emptyReport(month: string): GstReportDto {
  return {
    ...reportOf(month),
    b2cl: [],
    b2cs: [],
    hsn: [],
    docs: [],
    gstr3b: { taxableValue: 0, ...NONE },
  };
}

function renderGst(make = reportOf, path = "/dashboard/reports/gst") {
  const stub = stubApi({
    "GET /api/reports/gst": ({ query }: StubRequest) => ({ data: make(query.get("month") ?? "") }),
  });
  const rendered = renderRoutes([{ path: "/dashboard/reports/gst", element: <GstReportPage /> }], path);
  const asked = () =>
    stub.requests
      .filter((request) => request.path === "/api/reports/gst")
      .map((request) => request.query.get("month"));
  return { ...stub, ...rendered, asked };
}

function card(title: string) {
  const section = screen.getByRole("heading", { name: title }).closest("section");
  if (!section) throw new Error(`no card ${title}`);
  return section;
}

beforeEach(() => {
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the GST tab of the Reports page", () => {
  it("asks for the month to file by the shop's clock and shows its 3.1(a) figures and tables", async () => {
    const { asked } = renderGst();
    const b2cs = await screen.findByRole("table", { name: tables.b2cs });
    expect(asked()).toEqual(["2026-11"]);
    expect(screen.getByRole("combobox", { name: gstReport.monthLabel })).toHaveValue("2026-11");
    expect(screen.getByText(gstReport.documents(5, 1))).toBeVisible();

    const figures = within(card(gstReport.gstr3b));
    expect(figures.getByText(columns.taxableValue).nextSibling).toHaveTextContent("$104,600.00");
    expect(figures.getByText(columns.igst).nextSibling).toHaveTextContent("$16,441.00");

    expect(
      within(b2cs)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      "27-MaharashtraRate 5%Taxable value $1,000.00IGST $0.00CGST $25.00SGST/UTGST $25.00",
      "29-KarnatakaRate 18%Taxable value -$1,000.00IGST -$180.00CGST $0.00SGST/UTGST $0.00",
    ]);
    expect(screen.getByRole("table", { name: tables.b2cl })).toHaveTextContent(
      /INV\/2026-27\/000013.*Nov 15, 2026.*07-Delhi.*\$118,761\.00/,
    );
    expect(screen.getByRole("table", { name: tables.hsn })).toHaveTextContent(/6205.*Linen Shirt.*18%.*102/);
    expect(screen.getByRole("table", { name: tables.docs })).toHaveTextContent(
      /Credit Note.*CN\/2026-27\/000002.*CN\/2026-27\/000002/,
    );
    // Nothing to say: no credit note of a B2CL invoice; no buyer gave a GSTIN, so no B2B or CDNR.
    expect(within(card(tables.cdnur)).getByText(gstReport.noRows)).toBeVisible();
    expect(screen.queryByRole("heading", { name: tables.b2b })).toBeNull();
    expect(screen.queryByRole("heading", { name: tables.cdnr })).toBeNull();
  });

  it("links each table's CSV for the month on screen", async () => {
    renderGst();
    await screen.findByRole("table", { name: tables.b2cs });
    const links = screen.getAllByRole("link", { name: new RegExp(`^${salesReports.downloadCsv}`) });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      ["b2cs", "b2cl", "hsn", "cdnur", "docs"].map(
        (table) => `/api/reports/gst?month=2026-11&gstin=27AAPFU0939F1ZV&format=csv&table=${table}`,
      ),
    );
    expect(screen.getByRole("link", { name: `${salesReports.downloadCsv}: ${tables.b2cs}` })).toHaveAttribute(
      "download",
    );
  });

  it("keeps a month picked in the address and asks for it", async () => {
    const { asked, router } = renderGst();
    await screen.findByRole("table", { name: tables.b2cs });
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: gstReport.monthLabel }),
      "October 2026",
    );
    await waitFor(() => expect(asked()).toEqual(["2026-11", "2026-10"]));
    expect(router.state.location.search).toBe("?month=2026-10");
    await waitFor(() =>
      expect(
        screen.getByRole("link", { name: `${salesReports.downloadCsv}: ${tables.hsn}` }),
      ).toHaveAttribute("href", "/api/reports/gst?month=2026-10&gstin=27AAPFU0939F1ZV&format=csv&table=hsn"),
    );
  });

  it("names the GSTIN whose return it is, and opens the month's return under another the shop had", async () => {
    const OLD = "27AABCS1429B1ZB";
    const { stub, router } = (() => {
      const made = stubApi({
        "GET /api/reports/gst": ({ query }: StubRequest) => {
          const gstin = query.get("gstin") ?? "27AAPFU0939F1ZV";
          return {
            data: {
              ...reportOf(query.get("month") ?? ""),
              gstin,
              otherGstins: gstin === OLD ? ["27AAPFU0939F1ZV"] : [OLD],
            },
          };
        },
      });
      const rendered = renderRoutes(
        [{ path: "/dashboard/reports/gst", element: <GstReportPage /> }],
        "/dashboard/reports/gst",
      );
      return { stub: made, router: rendered.router };
    })();
    expect(await screen.findByText(gstReport.registration("27AAPFU0939F1ZV"))).toBeVisible();
    await userEvent.click(screen.getByRole("link", { name: OLD }));
    expect(await screen.findByText(gstReport.registration(OLD))).toBeVisible();
    expect(router.state.location.search).toBe(`?month=2026-11&gstin=${OLD}`);
    expect(stub.requests.at(-1)?.query.get("gstin")).toBe(OLD);
    expect(screen.getByRole("link", { name: `${salesReports.downloadCsv}: ${tables.b2cs}` })).toHaveAttribute(
      "href",
      `/api/reports/gst?month=2026-11&gstin=${OLD}&format=csv&table=b2cs`,
    );
  });

  it("says so when no document is dated in the month", async () => {
    renderGst(emptyReport, "/dashboard/reports/gst?month=2026-09");
    expect(await screen.findByText(gstReport.empty)).toBeVisible();
    expect(screen.getByText(gstReport.emptyHint)).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("combobox", { name: gstReport.monthLabel })).toHaveValue("2026-09");
  });

  it("offers the Sales and GST tabs of the Reports section", async () => {
    renderGst();
    const tabs = within(screen.getByRole("navigation", { name: `${salesReports.title} lists` }));
    expect(tabs.getByRole("link", { name: gstReport.salesTab })).toHaveAttribute(
      "href",
      "/dashboard/reports",
    );
    expect(tabs.getByRole("link", { name: gstReport.gstTab })).toHaveAttribute("aria-current", "page");
  });
});
