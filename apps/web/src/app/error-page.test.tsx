import { crash } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "#web/test/render";
import { ErrorPage } from "./error-page";

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading '_id')");
}

describe("a screen that crashes", () => {
  it("gives way to the error page, which says something went wrong and offers a reload", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderRoutes([{ path: "/cart", element: <Broken />, errorElement: <ErrorPage /> }], "/cart");
    expect(await screen.findByRole("heading", { name: crash.title })).toBeVisible();
    expect(screen.getByRole("button", { name: crash.reload })).toBeVisible();
    expect(screen.getByRole("link", { name: crash.home })).toHaveAttribute("href", "/");
  });
});
