import { api as apiMessages, codConfirmation } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ConfirmCodPage } from "./confirm-cod-page";

const ORDER_ID = "6740a00000000000000000f1";
const PATH = `POST /api/orders/${ORDER_ID}/confirm-cod`;

function renderPage(search: string) {
  renderRoutes(
    [{ path: "/orders/:orderId/confirm-cod", element: <ConfirmCodPage /> }],
    `/orders/${ORDER_ID}/confirm-cod${search}`,
  );
}

describe("the confirmation link's page", () => {
  it("confirms the order with one tap on its button, posting the link's token, and says so", async () => {
    const { requests } = stubApi({
      [PATH]: {
        message: codConfirmation.confirmed,
        data: { _id: ORDER_ID, number: 1042, codConfirmation: "confirmed" },
      },
    });
    renderPage("?token=tok_abc-123");
    expect(screen.getByRole("heading", { level: 1, name: codConfirmation.pageTitle })).toBeVisible();
    // Opening the page confirms nothing: only the button does.
    expect(requests).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: codConfirmation.pageConfirm }));
    expect(requests).toMatchObject([{ method: "POST", body: { token: "tok_abc-123" } }]);
    expect(await screen.findByRole("status")).toHaveTextContent(codConfirmation.pageDone(1042));
    expect(screen.queryByRole("button", { name: codConfirmation.pageConfirm })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: codConfirmation.viewOrder })).toHaveAttribute(
      "href",
      `/account/orders/${ORDER_ID}`,
    );
  });

  it("says a link without its token, or one the server does not know, is not valid", async () => {
    const { requests } = stubApi({ [PATH]: { status: 404, message: codConfirmation.linkInvalid } });
    renderPage("");
    expect(screen.getByRole("alert")).toHaveTextContent(codConfirmation.linkInvalid);
    expect(screen.queryByRole("button", { name: codConfirmation.pageConfirm })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("shows the server's refusal of an order cancelled first, and a wrong token as not valid", async () => {
    stubApi({ [PATH]: { status: 409, message: codConfirmation.orderCancelled } });
    renderPage("?token=late");
    await userEvent.click(screen.getByRole("button", { name: codConfirmation.pageConfirm }));
    expect(await screen.findByRole("alert")).toHaveTextContent(codConfirmation.orderCancelled);

    stubApi({ [PATH]: { status: 404, message: codConfirmation.linkInvalid } });
    await userEvent.click(screen.getByRole("button", { name: codConfirmation.pageConfirm }));
    expect(await screen.findByText(codConfirmation.linkInvalid)).toBeVisible();
    expect(screen.queryByText(apiMessages.internal)).not.toBeInTheDocument();
  });
});
