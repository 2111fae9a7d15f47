import { errors, validation } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { TestCardForm } from "./test-card-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER = "a1a1a1a1a1a1a1a1a1a1a1a1";

function renderForm() {
  renderRoutes(
    [{ path: "/account/pay/:orderId", element: <TestCardForm orderId={ORDER} amount={198} /> }],
    `/account/pay/${ORDER}`,
  );
}

async function fill(card: { number: string; expiry: string; cvc: string }) {
  await userEvent.type(screen.getByLabelText("Card number"), card.number);
  await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), card.expiry);
  await userEvent.type(screen.getByLabelText("CVC"), card.cvc);
  await userEvent.click(screen.getByRole("button", { name: "Pay $198.00" }));
}

describe("the test card form", () => {
  it("checks a card as a real gateway does before sending anything", async () => {
    const { requests } = stubApi({});
    renderForm();
    await fill({ number: "4242 4242 4242 4241", expiry: "01/20", cvc: "12" });
    expect(await screen.findByText(validation.cardNumber)).toBeVisible();
    expect(screen.getByText(validation.cardExpired)).toBeVisible();
    expect(screen.getByText(validation.cardCvc)).toBeVisible();
    expect(requests).toEqual([]);
  });

  it("keeps a decline said under the form until the shopper changes something", async () => {
    const { requests } = stubApi({
      "POST /api/payments": { status: 402, message: "Your card was declined. Try another card." },
      [`GET /api/orders/current-user/${ORDER}`]: { status: 404, message: "Order not found." },
    });
    renderForm();
    await fill({ number: "4000 0000 0000 0002", expiry: "12/99", cvc: "123" });
    expect(await screen.findByRole("alert")).toHaveTextContent(errors.cardDeclined);
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);
    await userEvent.type(screen.getByLabelText("CVC"), "4");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
