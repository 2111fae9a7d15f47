import { crash } from "@shop/shared/messages";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./error-boundary";
import { ErrorPage } from "./error-page";

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading '_id')");
}

describe("a screen that crashes", () => {
  it("gives way to the error page, which says something went wrong and offers a reload", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <ErrorBoundary fallback={(error) => <ErrorPage error={error} />}>
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: crash.title })).toBeVisible();
    expect(screen.getByRole("button", { name: crash.reload })).toBeVisible();
    expect(screen.getByRole("link", { name: crash.home })).toHaveAttribute("href", "/");
  });

  it("gives the next address its page again", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const boundary = (path: string, child: ReactNode) => (
      <MemoryRouter>
        <ErrorBoundary resetKey={path} fallback={(error) => <ErrorPage error={error} />}>
          {child}
        </ErrorBoundary>
      </MemoryRouter>
    );
    const { rerender } = render(boundary("/cart", <Broken />));
    expect(screen.getByRole("heading", { name: crash.title })).toBeVisible();
    rerender(boundary("/cart", <p>Still broken?</p>));
    expect(screen.queryByText("Still broken?")).toBeNull();
    rerender(boundary("/sale", <p>On sale</p>));
    expect(screen.getByText("On sale")).toBeVisible();
    expect(screen.queryByRole("heading", { name: crash.title })).toBeNull();
  });
});
