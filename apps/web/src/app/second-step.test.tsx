/**
 * A change refused for want of a fresh second step: the app asks for a code, then sends it again
 * once. A password reset of an account with two-step sign-in asks for it before going home.
 */
import { api as apiMessages, twoFactor } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "#web/app/providers";
import { ResetPasswordPage } from "#web/features/auth/reset-password-page";
import { api } from "#web/lib/api";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { publicConfig } from "#web/test/fixtures";

const REFUSAL = {
  status: 403,
  message: twoFactor.freshStepRequired,
  data: { secondStepRequired: true },
};

/** What was sent but the shop's settings, which the providers read on their own. */
const changes = (requests: StubRequest[]) => requests.filter((request) => request.path !== "/api/config");

function start(change: () => Promise<unknown>) {
  const outcome: { settled?: "done" | "refused" } = {};
  render(
    <AppProviders>
      <button
        type="button"
        onClick={() =>
          void change().then(
            () => {
              outcome.settled = "done";
            },
            () => {
              outcome.settled = "refused";
            },
          )
        }
      >
        Save
      </button>
    </AppProviders>,
  );
  return outcome;
}

describe("a change that asks for a fresh second step", () => {
  it("asks for a code, sends it, and sends the change again once", async () => {
    let puts = 0;
    const { requests } = stubApi({
      "PUT /api/settings/taxes": () => (++puts === 1 ? REFUSAL : { data: null }),
      "POST /api/auth/two-factor/verify": { data: null, message: twoFactor.verified },
    });
    const outcome = start(() => api.put("/settings/taxes", { defaultRate: 18 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: twoFactor.page.freshStepTitle });
    expect(dialog).toHaveTextContent(twoFactor.freshStepRequired);
    await user.type(screen.getByLabelText(twoFactor.page.code), "123 456");
    await user.click(screen.getByRole("button", { name: twoFactor.page.confirm }));
    await waitFor(() => expect(outcome.settled).toBe("done"));
    expect(changes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /api/settings/taxes",
      "POST /api/auth/two-factor/verify",
      "PUT /api/settings/taxes",
    ]);
    expect(changes(requests)[1]?.body).toEqual({ code: "123456" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("refuses the change as the server did when the dialog is closed", async () => {
    const { requests } = stubApi({ "PUT /api/settings/taxes": REFUSAL });
    const outcome = start(() => api.put("/settings/taxes", { defaultRate: 18 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("dialog", { name: twoFactor.page.freshStepTitle });
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(outcome.settled).toBe("refused"));
    expect(changes(requests)).toHaveLength(1);
  });
});

describe("a password reset of an account with two-step sign-in", () => {
  const asha: UserDto = {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Asha", lastName: "Rao" },
    email: "asha@example.com",
    avatar: null,
    role: "customer",
    status: true,
    twoFactorEnabled: true,
    createdAt: "2026-11-20T10:00:00.000Z",
  };

  it("asks for a code (here a recovery code) before going home", async () => {
    let verified = false;
    const { requests } = stubApi({
      "GET /api/config": { data: publicConfig },
      "POST /api/auth/reset-password": { data: asha, message: apiMessages.passwordReset },
      "POST /api/auth/two-factor/verify": () => {
        verified = true;
        return { data: null, message: twoFactor.verified };
      },
      // The account's cart, followed once signed in, is refused as the server refuses it until then.
      "GET /api/cart": () => (verified ? { data: { lines: [], discountCode: null } } : REFUSAL),
    });
    const router = createMemoryRouter(
      [
        { path: "/", element: <p>Home page</p> },
        { path: "/auth/reset-password", element: <ResetPasswordPage /> },
      ],
      { initialEntries: ["/auth/reset-password?token=kX3v-token"] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "Fresh@2026");
    await user.type(screen.getByLabelText("Confirm password"), "Fresh@2026");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    const dialog = await screen.findByRole("dialog", { name: twoFactor.page.freshStepTitle });
    expect(dialog).toHaveTextContent(twoFactor.freshStepRequired);
    expect(screen.queryByText("Home page")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: twoFactor.page.useRecoveryCode }));
    await user.type(screen.getByLabelText(twoFactor.page.loginRecoveryCode), "abcd-efgh-jkmn-pqrs");
    await user.click(screen.getByRole("button", { name: twoFactor.page.confirm }));
    expect(await screen.findByText("Home page")).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    const verify = requests.filter((request) => request.path === "/api/auth/two-factor/verify");
    expect(verify.map((request) => request.body)).toEqual([{ recoveryCode: "abcd-efgh-jkmn-pqrs" }]);
  });
});
