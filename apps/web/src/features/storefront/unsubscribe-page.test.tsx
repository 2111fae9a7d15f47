import { reminderUnsubscribe } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { UnsubscribePage } from "./unsubscribe-page";

const TOKEN = "a1a1a1a1a1a1a1a1a1a1a1a1.s3cr3t";

function renderPage(path: string, answer: { status?: number; message?: string; data?: null }) {
  const stub = stubApi({ "POST /api/cart/reminders/unsubscribe": answer });
  renderRoutes([{ path: "/unsubscribe", element: <UnsubscribePage /> }], path);
  return stub;
}

describe("the reminders' unsubscribe page", () => {
  it("unsubscribes with one tap, sending the link's token, and says so; opening it sends nothing", async () => {
    const { requests } = renderPage(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { data: null });
    const button = await screen.findByRole("button", { name: reminderUnsubscribe.action });
    expect(requests).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent(reminderUnsubscribe.done);
    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "POST", path: "/api/cart/reminders/unsubscribe", body: { token: TOKEN } },
    ]);
  });

  it("says a link that is no reminder's is not valid", async () => {
    renderPage("/unsubscribe?token=nothing", { status: 404, message: reminderUnsubscribe.invalidLink });
    await userEvent.click(await screen.findByRole("button", { name: reminderUnsubscribe.action }));
    expect(await screen.findByText(reminderUnsubscribe.invalidLink)).toBeVisible();
    expect(screen.queryByRole("button", { name: reminderUnsubscribe.action })).toBeNull();
  });

  it("offers nothing to tap without a token", async () => {
    renderPage("/unsubscribe", { data: null });
    expect(await screen.findByText(reminderUnsubscribe.invalidLink)).toBeVisible();
    expect(screen.queryByRole("button", { name: reminderUnsubscribe.action })).toBeNull();
  });
});
