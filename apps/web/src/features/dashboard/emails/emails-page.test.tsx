import { api as apiMessages, empty } from "@shop/shared/messages";
import type { EmailDto, EmailSummaryDto } from "@shop/shared/schemas/email";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { EmailPage } from "./email-page";
import { EmailsPage } from "./emails-page";

const sent: EmailSummaryDto = {
  _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
  kind: "welcome",
  recipient: "asha@example.com",
  subject: "Welcome to Bazaar",
  status: "sent",
  attempts: 1,
  lastError: null,
  sentAt: "2026-11-20T10:00:05.000Z",
  createdAt: "2026-11-20T10:00:00.000Z",
};

const failed: EmailSummaryDto = {
  _id: "f2f2f2f2f2f2f2f2f2f2f2f2",
  kind: "passwordReset",
  recipient: "ravi@example.com",
  subject: "Reset your password",
  status: "failed",
  attempts: 5,
  lastError: "421 4.7.0 Try again later",
  sentAt: null,
  createdAt: "2026-11-21T09:30:00.000Z",
};

const failedMessage: EmailDto = {
  ...failed,
  text: "Hello Ravi,\n\nReset your password: http://localhost:3000/auth/reset-password?token=abc\n",
  html: '<!doctype html><html><body><p>Hello Ravi,</p><script>parent.alert("x")</script></body></html>',
};

const meta = (total: number) => ({ page: 1, size: 8, pageCount: Math.ceil(total / 8), total });

/** The list as the API filters it: by `status` when one is asked for. */
function emailList({ query }: StubRequest) {
  const status = query.get("status");
  const items = [failed, sent].filter((email) => !status || email.status === status);
  return { data: items, meta: meta(items.length) };
}

function renderEmails(path: string, routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  const rendered = renderRoutes(
    [
      { path: "/dashboard/emails", element: <EmailsPage /> },
      { path: "/dashboard/emails/:emailId", element: <EmailPage /> },
    ],
    path,
  );
  return { ...stub, ...rendered };
}

const listRequests = (requests: StubRequest[]) =>
  requests.filter((request) => request.method === "GET" && request.path === "/api/emails");

describe("the dashboard's Emails list", () => {
  it("shows each message's recipient, subject, kind, status and time, and a failed one's attempts and error", async () => {
    renderEmails("/dashboard/emails", { "GET /api/emails": emailList });
    const table = await screen.findByRole("table", { name: "All Emails" });
    const failedRow = within(table).getByRole("link", { name: failed.subject }).closest("tr");
    if (!failedRow) throw new Error("no row for the failed message");
    expect(failedRow).toHaveTextContent(failed.recipient);
    expect(failedRow).toHaveTextContent("Password reset");
    expect(failedRow).toHaveTextContent("failed");
    expect(failedRow).toHaveTextContent("5 attempts");
    expect(failedRow).toHaveTextContent(failed.lastError ?? "");
    expect(within(failedRow).getByRole("button", { name: /^Retry/ })).toBeVisible();

    const sentRow = within(table).getByRole("link", { name: sent.subject }).closest("tr");
    if (!sentRow) throw new Error("no row for the sent message");
    expect(sentRow).toHaveTextContent("Welcome");
    expect(sentRow).not.toHaveTextContent("attempt");
    expect(within(sentRow).queryByRole("button", { name: /^Retry/ })).not.toBeInTheDocument();
    expect(within(table).getByRole("link", { name: failed.subject })).toHaveAttribute(
      "href",
      `/dashboard/emails/${failed._id}`,
    );
  });

  it("asks for the status, keyword and page in the address, and a new status returns to page 1", async () => {
    const { requests, router } = renderEmails("/dashboard/emails?status=failed&page=1&size=20&keyword=ravi", {
      "GET /api/emails": emailList,
    });
    expect(await screen.findByRole("table", { name: "Failed Emails" })).toBeVisible();
    expect(Object.fromEntries(listRequests(requests)[0]?.query ?? [])).toEqual({
      status: "failed",
      page: "1",
      size: "20",
      keyword: "ravi",
    });
    expect(screen.getByLabelText("Status")).toHaveValue("failed");

    await userEvent.setup().selectOptions(screen.getByLabelText("Status"), "sent");
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await waitFor(() => expect(search()).toEqual({ status: "sent", page: "1", size: "20", keyword: "ravi" }));
    expect(await screen.findByRole("table", { name: "Sent Emails" })).toBeVisible();

    await userEvent.setup().selectOptions(screen.getByLabelText("Status"), "all");
    await waitFor(() => expect(search()).toEqual({ page: "1", size: "20", keyword: "ravi" }));
    expect(listRequests(requests).at(-1)?.query.has("status")).toBe(false);
  });

  it("takes an unknown status in the address for every message", async () => {
    const { requests } = renderEmails("/dashboard/emails?status=bounced", { "GET /api/emails": emailList });
    expect(await screen.findByRole("table", { name: "All Emails" })).toBeVisible();
    expect(listRequests(requests)[0]?.query.has("status")).toBe(false);
  });

  it("says when no message has failed", async () => {
    renderEmails("/dashboard/emails?status=failed", {
      "GET /api/emails": { data: [], meta: meta(0) },
    });
    expect(await screen.findByText(empty.failedEmails)).toBeVisible();
  });

  it("sends a failed message again from its row and reloads the list", async () => {
    let retried = false;
    const { requests } = renderEmails("/dashboard/emails", {
      "GET /api/emails": (request) => {
        if (!retried) return emailList(request);
        const items = [{ ...failed, status: "queued" as const }, sent];
        return { data: items, meta: meta(items.length) };
      },
      [`POST /api/emails/${failed._id}/retry`]: () => {
        retried = true;
        return { data: { ...failedMessage, status: "queued" }, message: apiMessages.emailRequeued };
      },
    });
    const retry = await screen.findByRole("button", {
      name: `Retry ${failed.subject} to ${failed.recipient}`,
    });
    await userEvent.setup().click(retry);
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Retry/ })).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(1);
    expect(listRequests(requests)).toHaveLength(2);
  });

  it("shows SPEC's failure text when the list cannot be loaded", async () => {
    renderEmails("/dashboard/emails", { "GET /api/emails": { status: 500 } });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Error: Something went wrong, please try reloading the page\.$/,
    );
  });
});

describe("one message of the Emails section", () => {
  it("shows its text, and its HTML in a frame sandboxed from the dashboard", async () => {
    renderEmails(`/dashboard/emails/${failed._id}`, {
      [`GET /api/emails/${failed._id}`]: { data: failedMessage },
    });
    const frame = await screen.findByTitle(`HTML of ${failed.subject}`);
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("srcdoc", failedMessage.html);
    expect(screen.getByText(/Reset your password: http:\/\/localhost:3000/)).toBeVisible();
    expect(screen.getByText(failed.lastError ?? "")).toBeVisible();
    expect(screen.getByRole("heading", { name: failed.subject })).toBeVisible();
  });

  it("offers Retry for a failed message only, and shows its new status once sent again", async () => {
    const queued: EmailDto = { ...failedMessage, status: "queued" };
    let retried = false;
    const { requests } = renderEmails(`/dashboard/emails/${failed._id}`, {
      [`GET /api/emails/${failed._id}`]: () => ({ data: retried ? queued : failedMessage }),
      [`POST /api/emails/${failed._id}/retry`]: () => {
        retried = true;
        return { data: queued, message: apiMessages.emailRequeued };
      },
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument());
    expect(screen.getByText("queued")).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(1);
  });

  it("says the message is not found for an unknown id", async () => {
    renderEmails("/dashboard/emails/000000000000000000000000", {
      "GET /api/emails/000000000000000000000000": { status: 404, message: apiMessages.emailNotFound },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${apiMessages.emailNotFound}`);
  });
});
