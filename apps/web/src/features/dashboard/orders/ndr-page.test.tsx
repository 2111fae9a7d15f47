import { ndrPage } from "@shop/shared/messages";
import type { NdrParcelDto } from "@shop/shared/schemas/tracking";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { NdrPage } from "./ndr-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const parcel: NdrParcelDto = {
  shipmentId: "5a5a5a5a5a5a5a5a5a5a5a5a",
  orderId: "0a0a0a0a0a0a0a0a0a0a0a0a",
  orderNumber: 1042,
  customerName: "Priya Sharma",
  awb: "19041424751540",
  courier: "Delhivery Surface",
  reason: "Consignee not available",
  ndrAt: "2026-11-24T08:15:00.000Z",
  attempts: 2,
};
const other: NdrParcelDto = {
  ...parcel,
  shipmentId: "5b5b5b5b5b5b5b5b5b5b5b5b",
  orderNumber: 1043,
  awb: "19041424751541",
};

/** What answering an NDR answers: the action asked, and when. */
const answered = (action: "reattempt" | "return") => ({
  shipmentId: parcel.shipmentId,
  action,
  actionAt: "2026-11-24T09:00:00.000Z",
});

function renderNdr() {
  renderRoutes([{ path: "/dashboard/orders/ndr", element: <NdrPage /> }], "/dashboard/orders/ndr");
}

const actions = (requests: StubRequest[]) =>
  requests.filter((request) => request.method === "POST").map((request) => [request.path, request.body]);

describe("the undelivered parcels page", () => {
  it("lists each parcel with why and how often, and asks the courier to try again", async () => {
    const { requests } = stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "GET /api/shipments/ndr": { data: { items: [parcel, other] } },
      [`POST /api/shipments/${parcel.shipmentId}/ndr`]: { data: answered("reattempt") },
    });
    renderNdr();
    const row = (await screen.findByRole("link", { name: "#1042" })).closest("tr");
    if (!row) throw new Error("no row");
    expect(row).toHaveTextContent("Consignee not available");
    expect(row).toHaveTextContent("19041424751540");
    expect(row).toHaveTextContent("2");
    expect(await screen.findByRole("link", { name: ndrPage.link })).toHaveAttribute(
      "href",
      "/dashboard/orders/ndr",
    );
    await userEvent.click(within(row).getByRole("button", { name: ndrPage.reattemptOf(1042) }));
    await vi.waitFor(() =>
      expect(actions(requests)).toEqual([
        [`/api/shipments/${parcel.shipmentId}/ndr`, { action: "reattempt" }],
      ]),
    );
  });

  it("returns a parcel to origin only once staff confirm it", async () => {
    const { requests } = stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "GET /api/shipments/ndr": { data: { items: [parcel] } },
      [`POST /api/shipments/${parcel.shipmentId}/ndr`]: { data: answered("return") },
    });
    renderNdr();
    await userEvent.click(await screen.findByRole("button", { name: ndrPage.returnToOriginOf(1042) }));
    const dialog = await screen.findByRole("dialog", { name: ndrPage.confirmReturnTitle });
    expect(dialog).toHaveTextContent(ndrPage.confirmReturn(1042, parcel.awb));
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(actions(requests)).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: ndrPage.returnToOriginOf(1042) }));
    await userEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: ndrPage.returnToOrigin }),
    );
    await vi.waitFor(() =>
      expect(actions(requests)).toEqual([[`/api/shipments/${parcel.shipmentId}/ndr`, { action: "return" }]]),
    );
  });

  it("says when no parcel waits", async () => {
    stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "GET /api/shipments/ndr": { data: { items: [] } },
    });
    renderNdr();
    expect(await screen.findByText(ndrPage.empty)).toBeVisible();
  });
});
