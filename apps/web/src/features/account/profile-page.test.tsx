import { accountNotes, twoFactor, validation } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { useSession } from "#web/lib/session";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProfilePage } from "./profile-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const priya: UserDto = {
  _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
  name: { firstName: "Priya", lastName: "Sharma" },
  email: "priya@example.com",
  avatar: null,
  role: "customer",
  status: true,
  twoFactorEnabled: false,
  createdAt: lamp.createdAt,
};

const PASSWORD = "Secret@123";
const WRONG = {
  status: 400,
  message: validation.loginPassword,
  errors: { currentPassword: validation.loginPassword },
};

/** The current password is checked to change the email and to close the account. */
function passwordChecked(answer: (request: StubRequest) => { status?: number; data?: unknown }) {
  return (request: StubRequest) => {
    const body = request.body as { currentPassword?: string } | undefined;
    return body?.currentPassword === PASSWORD ? answer(request) : WRONG;
  };
}

function renderProfile(routes: StubRoutes = {}) {
  const api = stubApi({
    "GET /api/users/current-user": { data: priya },
    "GET /api/orders/current-user": { data: [], meta: { page: 1, size: 8, pageCount: 0, total: 0 } },
    "GET /api/users/current-user/addresses": { data: [] },
    ...routes,
  });
  const rendered = renderRoutes(
    [
      { path: "/account/profile", element: <ProfilePage /> },
      { path: "/", element: <h1>Home</h1> },
    ],
    "/account/profile",
  );
  return { ...api, ...rendered };
}

async function openDialog(name: string) {
  const user = userEvent.setup();
  // The buttons wait for the user's details.
  await screen.findByText(priya.email);
  await user.click(screen.getByRole("button", { name }));
  return { user, dialog: await screen.findByRole("dialog") };
}

describe("the edit-profile dialog", () => {
  it("asks for the current password only when the email changes, and sends it then", async () => {
    const { requests } = renderProfile({
      "PATCH /api/users/current-user": passwordChecked(({ body }) => ({
        data: { ...priya, email: (body as { email: string }).email },
      })),
    });
    const { user, dialog } = await openDialog("Edit profile");
    const password = within(dialog).getByLabelText("Current password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "current-password");

    const email = within(dialog).getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "priya.new@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText(validation.required)).toBeVisible();
    expect(requests.filter((request) => request.method === "PATCH")).toEqual([]);

    await user.type(password, PASSWORD);
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      name: priya.name,
      email: "priya.new@example.com",
      currentPassword: PASSWORD,
    });
  });

  it("puts the server's 'Invalid password.' under the field", async () => {
    renderProfile({ "PATCH /api/users/current-user": () => WRONG });
    const { user, dialog } = await openDialog("Edit profile");
    const email = within(dialog).getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "priya.new@example.com");
    await user.type(within(dialog).getByLabelText("Current password"), "Wrong@123");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    const field = within(dialog).getByLabelText("Current password");
    await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(validation.loginPassword)));
    expect(screen.getByRole("dialog")).toBeVisible();
  });

  it("sends no password when only the name changes", async () => {
    const { requests } = renderProfile({
      "PATCH /api/users/current-user": ({ body }) => ({ data: { ...priya, ...(body as object) } }),
    });
    const { user, dialog } = await openDialog("Edit profile");
    const first = within(dialog).getByLabelText("First name");
    await user.clear(first);
    await user.type(first, "Priyanka");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      name: { firstName: "Priyanka", lastName: "Sharma" },
      email: priya.email,
    });
  });
});

describe("closing the account", () => {
  it("asks for the current password and puts a wrong one under the field", async () => {
    const { requests } = renderProfile({
      "DELETE /api/users/current-user": passwordChecked(() => ({ data: null })),
    });
    const { user, dialog } = await openDialog("Close account");
    expect(within(dialog).getByText(accountNotes.confirmCloseAccount)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Close account" }));
    expect(await within(dialog).findByText(validation.loginPassword)).toBeVisible();
    expect(requests.filter((request) => request.method === "DELETE")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Current password"), "Wrong@123");
    await user.click(within(dialog).getByRole("button", { name: "Close account" }));
    const field = within(dialog).getByLabelText("Current password");
    await waitFor(() => expect(field).toHaveAccessibleDescription(validation.loginPassword));
    expect(requests.find((request) => request.method === "DELETE")?.body).toEqual({
      currentPassword: "Wrong@123",
    });
  });

  it("with the right password, forgets the shopper and goes home", async () => {
    useSession.getState().setUser(priya);
    useCart.setState({ items: [], address: homeAddress });
    const { router } = renderProfile({
      "DELETE /api/users/current-user": passwordChecked(() => ({ data: null })),
    });
    const { user, dialog } = await openDialog("Close account");
    await user.type(within(dialog).getByLabelText("Current password"), PASSWORD);
    await user.click(within(dialog).getByRole("button", { name: "Close account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(useSession.getState().user).toBeNull();
    expect(useCart.getState().address).toBeNull();
  });
});

describe("the Two-step sign-in card", () => {
  it("sets up with the key and a code, shows the ten recovery codes once, and signs out of the other sessions", async () => {
    const codes = Array.from({ length: 10 }, (_, n) => `abcd-efgh-jkmn-pq${n}${n}`);
    const { requests } = renderProfile({
      "POST /api/auth/two-factor/setup": {
        data: {
          secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/Shop:priya?secret=JBSWY3DP",
        },
      },
      "POST /api/auth/two-factor/enable": ({ body }) =>
        (body as { code: string }).code === "123456"
          ? { data: { recoveryCodes: codes } }
          : { status: 400, message: twoFactor.badCode, errors: { code: twoFactor.badCode } },
      "POST /api/auth/sessions/revoke-others": { data: null },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: twoFactor.page.setUp }));
    // The key in groups of four, as it is read out and typed.
    expect(await screen.findByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeVisible();
    await user.type(screen.getByLabelText(twoFactor.page.code), "999999");
    await user.click(screen.getByRole("button", { name: twoFactor.page.turnOn }));
    expect(await screen.findByText(twoFactor.badCode)).toBeVisible();
    await user.clear(screen.getByLabelText(twoFactor.page.code));
    await user.type(screen.getByLabelText(twoFactor.page.code), "123 456");
    await user.click(screen.getByRole("button", { name: twoFactor.page.turnOn }));
    const list = await screen.findByRole("list", { name: twoFactor.page.recoveryTitle });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(
      requests.find(
        (r) =>
          r.path === "/api/auth/two-factor/enable" &&
          r.body &&
          (r.body as { code: string }).code === "123456",
      ),
    ).toBeDefined();
    await user.click(screen.getByRole("button", { name: twoFactor.page.done }));
    expect(screen.queryByRole("list", { name: twoFactor.page.recoveryTitle })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: twoFactor.page.signOutOthers }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === "/api/auth/sessions/revoke-others")).toBe(true),
    );
  });
});
