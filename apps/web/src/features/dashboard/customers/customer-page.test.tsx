import { customerPage, messageLog, salesReports, successes } from "@shop/shared/messages";
import type { CustomerSummaryDto, UserDto } from "@shop/shared/schemas/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CustomerPage } from "./customer-page";
import { CustomersPage } from "./customers-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const priya: UserDto = {
  _id: "b1b1b1b1b1b1b1b1b1b1b1b1",
  name: { firstName: "Priya", lastName: "Shah" },
  email: "priya@example.com",
  avatar: null,
  role: "customer",
  status: true,
  twoFactorEnabled: false,
  createdAt: "2026-03-02T10:00:00.000Z",
};

const firstOrder = {
  _id: "c1c1c1c1c1c1c1c1c1c1c1c1",
  number: 1001,
  createdAt: "2026-03-05T10:00:00.000Z",
  status: "delivered" as const,
  fulfilment: "delivered" as const,
  totalAmount: 120,
  currency: "USD",
};
const lastOrder = {
  ...firstOrder,
  _id: "c2c2c2c2c2c2c2c2c2c2c2c2",
  number: 1009,
  status: "processing" as const,
  fulfilment: "partially_shipped" as const,
};

const summary: CustomerSummaryDto = {
  user: priya,
  codBar: null,
  addresses: [homeAddress],
  orders: {
    count: 2,
    netSpend: 229.5,
    averageOrder: 114.75,
    otherCurrencies: [],
    first: firstOrder,
    last: lastOrder,
    items: [lastOrder, firstOrder],
  },
  notes: [
    {
      _id: "d1d1d1d1d1d1d1d1d1d1d1d1",
      note: "Prefers deliveries after 6 pm.",
      at: "2026-03-06T10:00:00.000Z",
      author: { _id: "a0a0a0a0a0a0a0a0a0a0a0a0", name: "Meera Shah" },
    },
  ],
};

const routes = [
  { path: "/dashboard/customers", element: <CustomersPage view="all" /> },
  { path: "/dashboard/customers/:userId", element: <CustomerPage /> },
];

beforeEach(() => {
  useSession.getState().setUser(staff("admin"));
});

describe("the customers list", () => {
  it("opens a customer's page from their row, and carries no role select", async () => {
    stubApi({
      "GET /api/users/customers": { data: [priya], meta: { page: 1, size: 8, pageCount: 1, total: 1 } },
      [`GET /api/users/${priya._id}/summary`]: { data: summary },
    });
    const { router } = renderRoutes(routes, "/dashboard/customers");
    const open = await screen.findByRole("link", { name: customerPage.openCustomer("Priya Shah") });
    expect(screen.queryByRole("combobox", { name: /Role/ })).not.toBeInTheDocument();
    await userEvent.click(open);
    expect(router.state.location.pathname).toBe(`/dashboard/customers/${priya._id}`);
    expect(await screen.findByRole("heading", { name: "Priya Shah" })).toBeVisible();
  });
});

describe("the customer page", () => {
  it("lists the messages the customer was sent, asked for by their id", async () => {
    const { requests } = stubApi({
      [`GET /api/users/${priya._id}/summary`]: { data: summary },
      "GET /api/messages": {
        data: {
          items: [
            {
              _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
              channel: "whatsapp",
              event: "backInStock",
              to: "919876543210",
              state: "read",
              sentAt: "2026-03-07T10:00:05.000Z",
              deliveredAt: "2026-03-07T10:00:09.000Z",
              readAt: "2026-03-07T10:04:00.000Z",
              error: null,
              createdAt: "2026-03-07T10:00:00.000Z",
            },
          ],
        },
      },
    });
    renderRoutes(routes, `/dashboard/customers/${priya._id}`);
    const list = await screen.findByRole("list", { name: messageLog.title });
    expect(within(list).getByText(messageLog.events.backInStock)).toBeVisible();
    expect(within(list).getByText("919876543210")).toBeVisible();
    expect(requests.find((request) => request.path === "/api/messages")?.query.get("customer")).toBe(
      priya._id,
    );
  });

  it("shows the figures, orders, addresses and notes, and appends a note", async () => {
    const { requests } = stubApi({
      [`GET /api/users/${priya._id}/summary`]: { data: summary },
      [`POST /api/users/${priya._id}/notes`]: { status: 201, data: summary.notes[0] },
    });
    renderRoutes(routes, `/dashboard/customers/${priya._id}`);
    expect(await screen.findByRole("heading", { name: "Priya Shah" })).toBeVisible();
    const figures = screen.getByText(customerPage.netSpend).closest("dl") as HTMLElement;
    expect(within(figures).getByText("$229.50")).toBeVisible();
    expect(within(figures).getByText("$114.75")).toBeVisible();
    expect(screen.getByRole("link", { name: "#1009" })).toHaveAttribute(
      "href",
      `/dashboard/orders/order/${lastOrder._id}`,
    );
    // The order partly shipped reads as the orders list reads it.
    const partly = screen.getByRole("link", { name: "#1009" }).closest("tr") as HTMLElement;
    expect(within(partly).getByText("Partially shipped")).toBeVisible();
    expect(screen.getByText("Prefers deliveries after 6 pm.")).toBeVisible();
    expect(screen.getByText(homeAddress.building)).toBeVisible();

    await userEvent.type(screen.getByLabelText(customerPage.noteLabel), "Called about a parcel.");
    await userEvent.click(screen.getByRole("button", { name: customerPage.addNote }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(customerPage.noteAdded));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      note: "Called about a parcel.",
    });
  });

  it("counts the orders of another currency apart, in theirs, under the figures", async () => {
    stubApi({
      [`GET /api/users/${priya._id}/summary`]: {
        data: {
          ...summary,
          orders: { ...summary.orders, otherCurrencies: [{ currency: "EUR", orders: 1, netSpend: 59 }] },
        },
      },
    });
    renderRoutes(routes, `/dashboard/customers/${priya._id}`);
    expect(await screen.findByRole("heading", { name: "Priya Shah" })).toBeVisible();
    const note = screen.getByRole("note");
    expect(note).toHaveTextContent(salesReports.otherCurrenciesNote);
    expect(note).toHaveTextContent("and 1 order in EUR: €59.00");
    const figures = screen.getByText(customerPage.netSpend).closest("dl") as HTMLElement;
    expect(within(figures).getByText("$229.50")).toBeVisible();
  });

  it("shows the cash on delivery bar with its reason, date and order, and lifts it when asked", async () => {
    let barred = true;
    const bar = {
      reason: "refused" as const,
      since: "2026-03-07T10:00:00.000Z",
      order: lastOrder._id,
      orderNumber: 1009,
    };
    const { requests } = stubApi({
      [`GET /api/users/${priya._id}/summary`]: () => ({ data: { ...summary, codBar: barred ? bar : null } }),
      [`DELETE /api/users/${priya._id}/cod-bar`]: () => {
        barred = false;
        return { message: customerPage.codBarLifted, data: null };
      },
    });
    renderRoutes(routes, `/dashboard/customers/${priya._id}`);
    const section = await screen.findByRole("region", { name: customerPage.codBarTitle });
    expect(section).toHaveTextContent(customerPage.codBar("Refused at the door", "Mar 7, 2026"));
    expect(within(section).getByRole("link", { name: customerPage.codBarOrder(1009) })).toHaveAttribute(
      "href",
      `/dashboard/orders/order/${lastOrder._id}`,
    );
    await userEvent.click(within(section).getByRole("button", { name: customerPage.liftCodBar }));
    const dialog = await screen.findByRole("dialog", { name: customerPage.liftCodBarTitle });
    expect(dialog).toHaveTextContent(customerPage.liftCodBarQuestion("Priya Shah"));
    await userEvent.click(within(dialog).getByRole("button", { name: customerPage.liftCodBar }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(customerPage.codBarLifted));
    expect(requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      `/api/users/${priya._id}/cod-bar`,
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: customerPage.codBarTitle })).not.toBeInTheDocument(),
    );
  });

  it("asks before a role change, naming it, and changes nothing when cancelled", async () => {
    const { requests } = stubApi({
      [`GET /api/users/${priya._id}/summary`]: { data: summary },
      [`PATCH /api/users/${priya._id}`]: { data: { ...priya, role: "admin" } },
    });
    renderRoutes(routes, `/dashboard/customers/${priya._id}`);
    const role = await screen.findByRole("combobox", { name: customerPage.role });
    await userEvent.selectOptions(role, "admin");
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Make Priya Shah an admin?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requests.some((request) => request.method === "PATCH")).toBe(false);
    expect(role).toHaveValue("customer");

    await userEvent.selectOptions(role, "admin");
    await userEvent.click(
      await screen.findByRole("button", { name: customerPage.confirmRoleButton("admin") }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(successes.roleChanged("admin")));
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      userId: priya._id,
      role: "admin",
    });
    expect(screen.getByRole("combobox", { name: customerPage.role })).toHaveValue("admin");
  });

  it("says so when the customer does not exist", async () => {
    stubApi({ [`GET /api/users/${priya._id}/summary`]: { status: 404, message: "User not found." } });
    renderRoutes(routes, `/dashboard/customers/${priya._id}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(customerPage.notFound);
  });
});
