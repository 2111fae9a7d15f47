import { codRemittances } from "@shop/shared/messages";
import type { RemittanceUploadDto as CodRemittanceReportDto } from "@shop/shared/schemas/remittance";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CodRemittancesPage } from "./cod-remittances-page";

const report: CodRemittanceReportDto = {
  matched: 12,
  remitted: 11,
  differences: [
    { awb: "19041424751540", order: 1042, expected: 1299, remitted: 1199 },
    { awb: "19041424759999", order: null, expected: null, remitted: 450 },
  ],
};
const CSV = "AWB,COD Amount,Remitted On\n19041424751540,1199,2026-11-28\n";

describe("the COD remittances page", () => {
  it("sends the remittance CSV as text/csv and shows what matched and each difference", async () => {
    const { requests } = stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "PUT /api/cod-remittances": { data: report },
    });
    renderRoutes(
      [{ path: "/dashboard/payments/cod-remittances", element: <CodRemittancesPage /> }],
      "/dashboard/payments/cod-remittances",
    );
    const file = new File([CSV], "remittance.csv", { type: "application/vnd.ms-excel" });
    await userEvent.upload(screen.getByLabelText(codRemittances.upload), file);

    const differences = await screen.findByRole("table", { name: codRemittances.differencesTitle });
    const rows = within(differences).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/19041424751540.*#1042.*₹1,299\.00.*₹1,199\.00/);
    expect(rows[1]).toHaveTextContent(codRemittances.noOrder);
    expect(rows[1]).toHaveTextContent(codRemittances.noCodParcel);
    const figures = screen
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      [codRemittances.matched, "12"],
      [codRemittances.remitted, "11"],
    ]);

    const sent = requests.find((request) => request.method === "PUT");
    expect(sent?.headers["content-type"]).toBe("text/csv");
    const body = sent?.body;
    if (!(body instanceof Blob)) throw new Error("no file was sent");
    expect(await body.text()).toBe(CSV);
    expect(await screen.findByRole("link", { name: codRemittances.link })).toHaveAttribute(
      "href",
      "/dashboard/payments/cod-remittances",
    );
  });

  it("shows the server's refusal of a file it cannot read", async () => {
    stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "PUT /api/cod-remittances": { status: 400, message: "The file has no AWB column." },
    });
    renderRoutes(
      [{ path: "/dashboard/payments/cod-remittances", element: <CodRemittancesPage /> }],
      "/dashboard/payments/cod-remittances",
    );
    await userEvent.upload(screen.getByLabelText(codRemittances.upload), new File(["x"], "x.csv"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The file has no AWB column.");
  });
});
