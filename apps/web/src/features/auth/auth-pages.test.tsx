import { validation } from "@shop/shared/messages";
import { pageTitle } from "@shop/shared/site";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { LoginPage } from "./login-page";
import { RegisterPage } from "./register-page";

const CONFIG = { data: publicConfig };

function renderAuth(path: string) {
  stubApi({ "GET /api/config": CONFIG });
  return renderRoutes(
    [
      { path: "/auth/login", element: <LoginPage /> },
      { path: "/auth/register", element: <RegisterPage /> },
    ],
    path,
  );
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
});
