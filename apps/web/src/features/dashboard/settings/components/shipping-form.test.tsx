import { deliveryApi, settingsPage } from "@shop/shared/messages";
import type { PincodeRowDto } from "@shop/shared/schemas/delivery";
import { DEFAULT_SHIPROCKET } from "@shop/shared/schemas/parcel";
import type { ShippingSettings } from "@shop/shared/schemas/settings";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ShippingForm } from "./shipping-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const labels = settingsPage.shipping;
const LOCAL = "5a5a5a5a5a5a5a5a5a5a5a5a";
const STANDARD = "6b6b6b6b6b6b6b6b6b6b6b6b";

const SHIPPING: ShippingSettings = {
  methods: [
    {
      _id: STANDARD,
      name: "Standard",
      price: 80,
      freeAbove: 5000,
      estimatedDays: null,
      states: null,
      enabled: true,
      serves: "states",
      days: 5,
    },
    {
      _id: LOCAL,
      name: "Local courier",
      price: 40,
      freeAbove: null,
      estimatedDays: null,
      states: null,
      enabled: true,
      serves: "pincodes",
      days: null,
    },
  ],
  dispatch: { cutoffHour: 14, nonDispatchDays: [0], holidays: ["2026-11-08", "2026-12-25"] },
  shiprocket: DEFAULT_SHIPROCKET,
};

const ROWS: PincodeRowDto[] = [
  { pincode: "560001", days: 2, cod: true },
  { pincode: "560002", days: 2, cod: false },
  { pincode: "600001", days: 3, cod: true },
];

/** GET …/pincodes: the rows starting with `search`, a page of them, counted. */
function pincodePage({ query }: StubRequest) {
  const search = query.get("search") ?? "";
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  const rows = ROWS.filter((row) => row.pincode.startsWith(search));
  return {
    data: rows.slice((page - 1) * size, page * size),
    meta: { page, size, pageCount: Math.ceil(rows.length / size), total: rows.length },
  };
}

function open(routes: StubRoutes = {}, readOnly = false) {
  const stub = stubApi({ [`GET /api/settings/shipping/${LOCAL}/pincodes`]: pincodePage, ...routes });
  renderRoutes(
    [{ path: "/", element: <ShippingForm value={SHIPPING} currency="INR" readOnly={readOnly} /> }],
    "/",
  );
  return stub;
}

const method = (name: string) => within(screen.getByRole("group", { name }));
const csv = (text: string) => new File([text], "pincodes.csv", { type: "text/csv" });

describe("the shipping section's PIN code lists and dispatch rules", () => {
  it("shows a method's PIN code list with its count, and searches it by its first digits", async () => {
    const { requests } = open();
    const local = method("Local courier");
    expect(local.getByRole("radio", { name: labels.servesPincodes })).toBeChecked();
    // A method serving a list has no states and no delivery days of its own.
    expect(local.queryByRole("switch", { name: labels.allStates })).toBeNull();
    expect(local.queryByRole("spinbutton", { name: labels.days })).toBeNull();

    expect(await local.findByText(labels.pincodeCount(3))).toBeVisible();
    const table = local.getByRole("table", { name: labels.pincodes });
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([`560001${2}${labels.yes}`, `560002${2}${labels.no}`, `600001${3}${labels.yes}`]);

    await userEvent.type(local.getByRole("searchbox", { name: labels.search }), "56{Enter}");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    // The count stays the whole list's.
    expect(local.getByText(labels.pincodeCount(3))).toBeVisible();
    expect(requests.at(-1)?.query.get("search")).toBe("56");
    // Enter in the search saves nothing.
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("uploads a CSV file as text/csv and says how many PIN codes were saved", async () => {
    const { requests } = open({
      [`PUT /api/settings/shipping/${LOCAL}/pincodes`]: {
        data: { rows: 2, errors: [] },
        message: deliveryApi.listSaved(2),
      },
    });
    const local = method("Local courier");
    await local.findByText(labels.pincodeCount(3));
    const listReads = () =>
      requests.filter((request) => request.method === "GET" && request.path.endsWith("/pincodes")).length;
    const readsBefore = listReads();

    await userEvent.upload(
      local.getByLabelText(labels.upload),
      csv("pincode,days,cod\n110001,2,yes\n110002,3,no\n"),
    );

    expect(await local.findByText(labels.uploaded(2))).toBeVisible();
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.path).toBe(`/api/settings/shipping/${LOCAL}/pincodes`);
    const body = put?.body;
    if (!(body instanceof Blob)) throw new Error("the list was not sent as the file's own bytes");
    expect(body.type).toBe("text/csv");
    expect(await body.text()).toBe("pincode,days,cod\n110001,2,yes\n110002,3,no\n");
    // The list is read again.
    await waitFor(() => expect(listReads()).toBe(readsBefore + 1));
  });

  it("lists a refused file's faults by line, the first 20 of them, under the server's count", async () => {
    const faults = Array.from({ length: 25 }, (_, i) => ({ line: i + 2, message: deliveryApi.rowPincode }));
    open({
      [`PUT /api/settings/shipping/${LOCAL}/pincodes`]: {
        status: 400,
        message: deliveryApi.listRefused(25),
        errors: Object.fromEntries(faults.map((fault) => [`lines.${fault.line}`, fault.message])),
        data: { rows: 30, errors: faults },
      },
    });
    const local = method("Local courier");
    await local.findByText(labels.pincodeCount(3));

    await userEvent.upload(local.getByLabelText(labels.upload), csv("pincode,days,cod\n0110001,2,yes\n"));

    const alert = await local.findByRole("alert");
    expect(alert).toHaveTextContent(deliveryApi.listRefused(25));
    const lines = within(alert).getAllByRole("listitem");
    expect(lines).toHaveLength(20);
    expect(lines[0]).toHaveTextContent(`${labels.faultLine(2)}: ${deliveryApi.rowPincode}`);
    expect(lines[19]).toHaveTextContent(labels.faultLine(21));
    expect(alert).toHaveTextContent(labels.faultsListed(20));
    expect(local.queryByText(labels.uploaded(30))).toBeNull();
  });

  it("asks for a new method to be saved before its list is uploaded", async () => {
    const { requests } = open();
    await userEvent.click(screen.getByRole("button", { name: labels.add }));
    const added = method(labels.method(3));
    await userEvent.click(added.getByRole("radio", { name: labels.servesPincodes }));

    expect(added.getByText(labels.saveFirst)).toBeVisible();
    expect(added.queryByLabelText(labels.upload)).toBeNull();
    expect(requests.every((request) => request.path === `/api/settings/shipping/${LOCAL}/pincodes`)).toBe(
      true,
    );
  });

  it("saves the delivery days, the cut-off, the days nothing leaves and the holidays with the methods", async () => {
    const { requests } = open({ "PUT /api/settings/shipping": ({ body }) => ({ data: body }) });
    const standard = method("Standard");
    const days = standard.getByRole("spinbutton", { name: labels.days });
    expect(days).toHaveValue(5);
    await userEvent.clear(days);
    await userEvent.type(days, "3");

    const dispatch = within(screen.getByRole("group", { name: labels.dispatch }));
    const cutoff = dispatch.getByRole("combobox", { name: labels.cutoffHour });
    expect(cutoff).toHaveDisplayValue("2:00 PM");
    await userEvent.selectOptions(cutoff, "4:00 PM");
    const weekdays = within(dispatch.getByRole("group", { name: labels.nonDispatchDays }));
    expect(weekdays.getByRole("checkbox", { name: "Sunday" })).toBeChecked();
    await userEvent.click(weekdays.getByRole("checkbox", { name: "Saturday" }));
    await userEvent.click(dispatch.getByRole("button", { name: labels.removeHoliday("Nov 8, 2026") }));
    await userEvent.type(dispatch.getByLabelText(labels.holiday), "2026-10-20");
    await userEvent.click(dispatch.getByRole("button", { name: labels.addHoliday }));
    expect(dispatch.getByRole("button", { name: labels.removeHoliday("Oct 20, 2026") })).toBeVisible();

    await userEvent.click(
      screen.getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.shipping.title) }),
    );
    await waitFor(() => expect(requests.filter((request) => request.method === "PUT")).toHaveLength(1));
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.body).toEqual({
      methods: [{ ...SHIPPING.methods[0], days: 3 }, SHIPPING.methods[1]],
      dispatch: { cutoffHour: 16, nonDispatchDays: [0, 6], holidays: ["2026-10-20", "2026-12-25"] },
      // Shiprocket's settings go back as they came.
      shiprocket: DEFAULT_SHIPROCKET,
    });
  });

  it("tells a manager the list is the admins', and asks the server nothing for it", async () => {
    const { requests } = open({}, true);
    expect(method("Local courier").getByText(labels.pincodesAdminOnly)).toBeVisible();
    expect(screen.getByRole("combobox", { name: labels.cutoffHour })).toBeDisabled();
    expect(requests).toEqual([]);
  });
});
