import { twoFactor, validation } from "@shop/shared/messages";
import { pageTitle } from "@shop/shared/site";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { publicConfig, staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { LoginPage } from "./login-page";
import { RegisterPage } from "./register-page";

const CONFIG = { data: publicConfig };

function renderAuth(path: string, routes: StubRoutes = {}) {
  const stub = stubApi({ "GET /api/config": CONFIG, ...routes });
  return {
    ...renderRoutes(
      [
        { path: "/", element: <p>Home</p> },
        { path: "/auth/login", element: <LoginPage /> },
        { path: "/auth/register", element: <RegisterPage /> },
      ],
      path,
    ),
    requests: stub.requests,
  };
}

describe("the sign-in pages", () => {
  it("give the login page a document title of its own", async () => {
    renderAuth("/auth/login");
    await waitFor(() => expect(document.title).toBe(pageTitle("Login")));
  });

  it("give the register page a document title of its own", async () => {
    renderAuth("/auth/register");
    await waitFor(() => expect(document.title).toBe(pageTitle("Register")));
  });

  it("name the blank first and last names with SPEC's messages on register", async () => {
    const { router } = renderAuth("/auth/register");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("First name"), "   ");
    await user.type(screen.getByLabelText("Email"), "new@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret@123");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText(validation.firstName)).toBeVisible();
    expect(screen.getByText(validation.lastName)).toBeVisible();
    expect(screen.queryByText(validation.required)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/register");
  });

  it("ask for the authenticator's code after a right password, or a recovery code, and send it with the password", async () => {
    const login = ({ body }: StubRequest) => {
      const sent = body as { code?: string; recoveryCode?: string };
      if (sent.code === "123456" || sent.recoveryCode === "abcdefghjkmnpqrs") return { data: staff("admin") };
      if (sent.code) return { status: 401, message: twoFactor.badCode, errors: { code: twoFactor.badCode } };
      return { status: 401, message: twoFactor.required, data: { twoFactorRequired: true } };
    };
    const { requests, router } = renderAuth("/auth/login", { "POST /api/auth/login": login });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "meera@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret@123");
    await user.click(screen.getByRole("button", { name: "Login" }));
    const code = await screen.findByLabelText(twoFactor.page.loginCode);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: twoFactor.page.verify }));
    expect(await screen.findByText(twoFactor.badCode)).toBeVisible();
    expect(requests.at(-1)?.body).toEqual({
      email: "meera@example.com",
      password: "Secret@123",
      code: "654321",
    });

    await user.click(screen.getByRole("button", { name: twoFactor.page.useRecoveryCode }));
    expect(screen.queryByLabelText(twoFactor.page.loginCode)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(twoFactor.page.loginRecoveryCode), "ABCD EFGH JKMN PQRS");
    await user.click(screen.getByRole("button", { name: twoFactor.page.verify }));
    // The last sign-in (once signed in, the cart's sync asks for the account's cart too).
    const signIns = () => requests.filter((request) => request.path === "/api/auth/login");
    await waitFor(() => expect(signIns().at(-1)?.body).toMatchObject({ recoveryCode: "abcdefghjkmnpqrs" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(signIns().at(-1)?.body).toEqual({
      email: "meera@example.com",
      password: "Secret@123",
      recoveryCode: "abcdefghjkmnpqrs",
    });
  });
});
