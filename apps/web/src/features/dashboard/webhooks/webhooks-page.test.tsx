import { webhookWords } from "@shop/shared/messages";
import type {
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from "@shop/shared/schemas/webhook";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { WebhooksPage } from "./webhooks-page";

const { page: labels } = webhookWords;

const endpoint: WebhookEndpointDto = {
  _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
  url: "https://erp.example/hooks/shop",
  events: ["order.paid", "inventory.low"],
  enabled: true,
  disabledAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

const failing: WebhookEndpointDto = {
  ...endpoint,
  _id: "b2b2b2b2b2b2b2b2b2b2b2b2",
  url: "https://old.example/hook",
  enabled: false,
  disabledAt: "2026-11-21T10:00:00.000Z",
};

const delivery: WebhookDeliveryDto = {
  _id: "c3c3c3c3c3c3c3c3c3c3c3c3",
  endpoint: endpoint._id,
  type: "inventory.low",
  status: "failed",
  attempts: 8,
  responseStatus: 503,
  lastError: "HTTP 503",
  lastAttemptAt: "2026-11-21T09:00:00.000Z",
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  payload: {
    type: "inventory.low",
    timestamp: "2026-11-20T09:00:00.000Z",
    data: {
      product: { _id: "d4d4d4d4d4d4d4d4d4d4d4d4", name: "Tote" },
      variant: { _id: "e5e5e5e5e5e5e5e5e5e5e5e5", sku: "TOTE", options: {}, stock: 9 },
      threshold: 10,
    },
  },
};

const meta = (total: number) => ({ page: 1, size: 8, pageCount: Math.ceil(total / 8), total });

function renderPage(path: string, routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  return { ...stub, ...renderRoutes([{ path: "/dashboard/webhooks", element: <WebhooksPage /> }], path) };
}

describe("the dashboard's Webhooks page", () => {
  it("lists each endpoint's URL, events and state, and shows the chosen one's deliveries to send again", async () => {
    const { requests } = renderPage("/dashboard/webhooks", {
      "GET /api/webhooks": { data: [endpoint, failing], meta: meta(2) },
      [`GET /api/webhooks/${endpoint._id}/deliveries`]: { data: [delivery], meta: meta(1) },
      [`POST /api/webhooks/${endpoint._id}/deliveries/${delivery._id}/redeliver`]: {
        data: { ...delivery, status: "pending", attempts: 0 },
        message: webhookWords.redeliveryQueued,
      },
    });
    const table = await screen.findByRole("table", { name: labels.endpoints });
    const row = within(table).getByText(endpoint.url).closest("tr");
    if (!row) throw new Error("no row");
    expect(row).toHaveTextContent("order.paid");
    expect(row).toHaveTextContent("inventory.low");
    expect(row).toHaveTextContent(labels.on);
    expect(within(table).getByText(failing.url).closest("tr")).toHaveTextContent(labels.disabledByFailures);

    const user = userEvent.setup();
    await user.click(within(row).getByRole("button", { name: `${labels.deliveries} ${endpoint.url}` }));
    const deliveries = await screen.findByRole("table", { name: labels.deliveriesOf(endpoint.url) });
    const line = within(deliveries).getByText(delivery.type).closest("tr");
    if (!line) throw new Error("no delivery row");
    expect(line).toHaveTextContent("Failed");
    expect(line).toHaveTextContent("503");
    expect(line).toHaveTextContent("8");
    await user.click(within(line).getByRole("button", { name: new RegExp(`^${labels.redeliver}`) }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
        `/api/webhooks/${endpoint._id}/deliveries/${delivery._id}/redeliver`,
      ]),
    );
  });

  it("adds an endpoint with the events chosen, then shows its secret once", async () => {
    const created: WebhookEndpointWithSecretDto = {
      ...endpoint,
      _id: "f6f6f6f6f6f6f6f6f6f6f6f6",
      url: "https://crm.example/in",
      events: ["customer.created"],
      secret: "whsec_c2VjcmV0IGtleSBmb3IgdGhlIHRlc3Q=",
    };
    const { requests } = renderPage("/dashboard/webhooks", {
      "GET /api/webhooks": { data: [], meta: meta(0) },
      "POST /api/webhooks": { status: 201, data: created, message: webhookWords.created },
      [`GET /api/webhooks/${created._id}/deliveries`]: { data: [], meta: meta(0) },
    });
    expect(await screen.findByText(labels.empty)).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: labels.add }));
    const dialog = await screen.findByRole("dialog", { name: labels.addTitle });
    // Nothing chosen: refused before it is sent.
    await user.type(within(dialog).getByLabelText(labels.url), created.url);
    await user.click(within(dialog).getByRole("button", { name: labels.add }));
    expect(await within(dialog).findByText(webhookWords.eventsRequired)).toBeVisible();
    await user.click(within(dialog).getByRole("checkbox", { name: /customer\.created/ }));
    await user.click(within(dialog).getByRole("button", { name: labels.add }));

    const secret = await screen.findByRole("dialog", { name: labels.secretTitle });
    expect(within(secret).getByText(created.secret)).toBeVisible();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      url: created.url,
      events: ["customer.created"],
      enabled: true,
    });
    await user.click(within(secret).getByRole("button", { name: labels.done }));
    await waitFor(() => expect(screen.queryByText(created.secret)).not.toBeInTheDocument());
  });
});
