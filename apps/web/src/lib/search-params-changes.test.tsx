import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useSearchParamsChanges } from "./list-params";

function Filters() {
  const [, change] = useSearchParamsChanges();
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two filters chosen before the page renders the first.
          change((params) => params.set("kind", "discount.updated"));
          change((params) => params.set("actor", "a1"));
        }}
      >
        Choose both
      </button>
      <output>{location.search}</output>
    </>
  );
}

describe("search parameters changed in quick succession", () => {
  it("keep every change: the second builds on the first, not on the last render's", async () => {
    const router = createMemoryRouter([{ path: "/activity", element: <Filters /> }], {
      initialEntries: ["/activity?page=2"],
    });
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Choose both" }));
    await act(async () => {});
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ page: "2", kind: "discount.updated", actor: "a1" });
    expect(screen.getByRole("status")).toHaveTextContent("actor=a1");
  });
});
