import { messageLog, messagesPage } from "@shop/shared/messages";
import type { MessageRatesDto, MessagesDto } from "@shop/shared/schemas/whatsapp";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { MessagesPage } from "./messages-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const RATES: MessageRatesDto = {
  days: 30,
  whatsapp: {
    sent: 1240,
    delivered: 1190,
    read: 902,
    failed: 31,
    queued: 4,
    deliveryRate: 96,
    readRate: 72.7,
  },
  email: { sent: 3051, failed: 12, queued: 0 },
};

const LATEST: MessagesDto = {
  items: [
    {
      _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
      channel: "whatsapp",
      event: "delivered",
      to: "919876543210",
      state: "delivered",
      sentAt: "2026-11-21T10:00:05.000Z",
      deliveredAt: "2026-11-21T10:00:09.000Z",
      readAt: null,
      error: null,
      createdAt: "2026-11-21T10:00:00.000Z",
    },
  ],
};

function renderPage(routes: StubRoutes) {
  const stub = stubApi(routes);
  renderRoutes([{ path: "/dashboard/messages", element: <MessagesPage /> }], "/dashboard/messages");
  return stub;
}

/** A tile's figure, found by its label within a group of figures. */
function figure(group: string, label: string) {
  const term = within(screen.getByRole("region", { name: group })).getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
}

describe("the dashboard's Messages page", () => {
  it("shows WhatsApp's figures and rates over 30 days, email's beside them, and the latest WhatsApp messages", async () => {
    const { requests } = renderPage({
      "GET /api/messages/rates": { data: RATES },
      "GET /api/messages": { data: LATEST },
    });

    expect(await screen.findByText("1,240")).toBeVisible();
    const whatsapp = messagesPage.whatsappFigures(30);
    expect(figure(whatsapp, messagesPage.sent)).toBe("1,240");
    expect(figure(whatsapp, messagesPage.delivered)).toBe("1,190");
    expect(figure(whatsapp, messagesPage.read)).toBe("902");
    expect(figure(whatsapp, messagesPage.failed)).toBe("31");
    expect(figure(whatsapp, messagesPage.deliveryRate)).toBe("96.0%");
    expect(figure(whatsapp, messagesPage.readRate)).toBe("72.7%");
    const email = messagesPage.emailFigures(30);
    expect(figure(email, messagesPage.emailSent)).toBe("3,051");
    expect(figure(email, messagesPage.emailFailed)).toBe("12");

    const latest = await screen.findByRole("list", { name: messageLog.title });
    expect(within(latest).getByText("919876543210")).toBeVisible();
    expect(within(latest).getByText(messageLog.events.delivered, { selector: "p" })).toBeVisible();
    expect(requests.find((request) => request.path === "/api/messages/rates")?.query.get("days")).toBe("30");
    expect(requests.find((request) => request.path === "/api/messages")?.query.get("channel")).toBe(
      "whatsapp",
    );
  });

  it("shows a dash for the rates while nothing was sent, and says there are no messages yet", async () => {
    renderPage({
      "GET /api/messages/rates": {
        data: {
          ...RATES,
          whatsapp: {
            sent: 0,
            delivered: 0,
            read: 0,
            failed: 0,
            queued: 0,
            deliveryRate: null,
            readRate: null,
          },
        },
      },
      "GET /api/messages": { data: { items: [] } },
    });

    expect(await screen.findByText(messagesPage.emptyLatest)).toBeVisible();
    await screen.findAllByText("0");
    const whatsapp = messagesPage.whatsappFigures(30);
    expect(figure(whatsapp, messagesPage.deliveryRate)).toBe(messagesPage.noRate);
    expect(figure(whatsapp, messagesPage.readRate)).toBe(messagesPage.noRate);
  });

  it("keeps the figures' tiles, greyed, while they load, and says so when they cannot be read", async () => {
    renderPage({ "GET /api/messages/rates": { status: 500 }, "GET /api/messages": { data: LATEST } });

    // Before the answer: the tiles are there with their names.
    expect(figure(messagesPage.whatsappFigures(30), messagesPage.deliveryRate)).toBe("");
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${messageLog.failed}`);
    // The latest messages are read apart, and still shown.
    expect(await screen.findByText("919876543210")).toBeVisible();
  });
});
