import { api as apiMessages, hints, validation } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { pageTitle } from "@shop/shared/site";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { currentUserQueryOptions } from "#web/lib/current-user";
import { useSession } from "#web/lib/session";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ForgotPasswordPage } from "./forgot-password-page";
import { LoginPage } from "./login-page";
import { ResetPasswordPage } from "./reset-password-page";

const CONFIG = { data: publicConfig };

const asha: UserDto = {
  _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
  name: { firstName: "Asha", lastName: "Rao" },
  email: "asha@example.com",
  avatar: null,
  role: "customer",
  status: true,
  twoFactorEnabled: false,
  createdAt: "2026-11-20T10:00:00.000Z",
};

const TOKEN = "kX3v-token-from-the-link";

function renderRecovery(path: string, routes: StubRoutes = {}) {
  const stub = stubApi({ "GET /api/config": CONFIG, ...routes });
  const rendered = renderRoutes(
    [
      { path: "/", element: <p>Home page</p> },
      { path: "/auth/login", element: <LoginPage /> },
      { path: "/auth/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/auth/reset-password", element: <ResetPasswordPage /> },
    ],
    path,
  );
  return { ...stub, ...rendered };
}

beforeEach(() => {
  useSession.getState().clear();
});

describe("the forgot-password page", () => {
  it("is linked from the login page and has a document title of its own", async () => {
    const { router } = renderRecovery("/auth/login");
    await userEvent.setup().click(screen.getByRole("link", { name: "Forgot password?" }));
    expect(router.state.location.pathname).toBe("/auth/forgot-password");
    await waitFor(() => expect(document.title).toBe(pageTitle("Forgot password")));
  });

  it("refuses an email that is not one, without asking the server", async () => {
    const { requests } = renderRecovery("/auth/forgot-password");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(validation.email)).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("sends the email and shows the server's answer in the page", async () => {
    const { requests } = renderRecovery("/auth/forgot-password", {
      "POST /api/auth/forgot-password": { data: null, message: apiMessages.resetLinkSent },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "Asha@Example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(apiMessages.resetLinkSent);
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      email: "asha@example.com",
    });
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  });

  it("shows the rate limit's refusal in the page and keeps the form", async () => {
    renderRecovery("/auth/forgot-password", {
      "POST /api/auth/forgot-password": { status: 429, message: apiMessages.tooManyRequests },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.tooManyRequests);
    expect(screen.queryByText(apiMessages.resetLinkSent)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("asha@example.com");
  });
});

describe("the reset-password page", () => {
  it("has a document title of its own and says the password rule", async () => {
    renderRecovery(`/auth/reset-password?token=${TOKEN}`);
    await waitFor(() => expect(document.title).toBe(pageTitle("Reset password")));
    expect(screen.getByText(hints.password)).toBeVisible();
  });

  it("says a link without a token is invalid and offers a new one", async () => {
    const { router } = renderRecovery("/auth/reset-password");
    expect(screen.getByRole("alert")).toHaveTextContent(apiMessages.resetLinkInvalid);
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("link", { name: "Ask for a new link" }));
    expect(router.state.location.pathname).toBe("/auth/forgot-password");
  });

  it("refuses a weak password and a confirmation that differs, without asking the server", async () => {
    const { requests } = renderRecovery(`/auth/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "password");
    await user.type(screen.getByLabelText("Confirm password"), "Password@1");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(validation.passwordWeak)).toBeVisible();
    expect(screen.getByText(validation.passwordsDoNotMatch)).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("sets the new password with the link's token, signs the shopper in and goes home", async () => {
    const { requests, router, queryClient } = renderRecovery(`/auth/reset-password?token=${TOKEN}`, {
      "POST /api/auth/reset-password": { data: asha, message: apiMessages.passwordReset },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "Fresh@2026");
    await user.type(screen.getByLabelText("Confirm password"), "Fresh@2026");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Home page")).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      token: TOKEN,
      password: "Fresh@2026",
    });
    expect(useSession.getState().user?.email).toBe(asha.email);
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)).toEqual(asha);
  });

  it("says the link is invalid or expired when the server refuses its token, and offers a new one", async () => {
    renderRecovery(`/auth/reset-password?token=${TOKEN}`, {
      "POST /api/auth/reset-password": {
        status: 400,
        message: apiMessages.resetLinkInvalid,
        errors: { token: apiMessages.resetLinkInvalid },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "Fresh@2026");
    await user.type(screen.getByLabelText("Confirm password"), "Fresh@2026");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.resetLinkInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    expect(useSession.getState().user).toBeNull();
  });

  it("shows another refusal in the page and keeps the form (an inactive account)", async () => {
    renderRecovery(`/auth/reset-password?token=${TOKEN}`, {
      "POST /api/auth/reset-password": { status: 403, message: apiMessages.accountInactive },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "Fresh@2026");
    await user.type(screen.getByLabelText("Confirm password"), "Fresh@2026");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.accountInactive);
    expect(screen.getByLabelText("New password")).toBeVisible();
  });
});
