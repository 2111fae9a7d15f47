import { errors } from "@shop/shared/messages";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api";
import { QueryState } from "./query-state";
import { Spinner } from "./spinner";

interface Page {
  items: string[];
}

/** A list section over a real query, whose answer the test decides. */
function List({ load, errorPrefix }: { load: () => Promise<Page>; errorPrefix?: boolean }) {
  const query = useQuery({ queryKey: ["list"], queryFn: load, retry: false });
  return (
    <QueryState
      query={query}
      loading={<Spinner label="Loading items" />}
      empty="Nothing here yet."
      errorPrefix={errorPrefix}
    >
      {({ items }) => (
        <ul aria-label="Items">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderList(list: ReactNode) {
  render(<QueryClientProvider client={new QueryClient()}>{list}</QueryClientProvider>);
}

describe("QueryState", () => {
  it("shows the section's loading state until the answer comes, then the items", async () => {
    let answer: (page: Page) => void = () => undefined;
    renderList(<List load={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading items");

    answer({ items: ["Brass lamp", "Oak chair"] });
    const list = await screen.findByRole("list", { name: "Items" });
    expect(list).toHaveTextContent("Brass lamp");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("puts 'Error: ' before the call's message, once (SPEC section 8)", async () => {
    renderList(<List load={() => Promise.reject(new ApiError(500, errors.tryReloading))} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Error: Something went wrong, please try reloading the page\.$/,
    );
  });

  it("shows the message alone where the page has no prefix (the storefront)", async () => {
    renderList(
      <List load={() => Promise.reject(new ApiError(503, "The shop is busy."))} errorPrefix={false} />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(/^The shop is busy\.$/);
  });

  it("tells a failure that is not an API answer with the generic message", async () => {
    renderList(<List load={() => Promise.reject(new TypeError("items is undefined"))} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${errors.somethingWentWrong}`);
  });

  it("shows the empty message when the answer has no items", async () => {
    renderList(<List load={async () => ({ items: [] })} />);
    expect(await screen.findByText("Nothing here yet.")).toBeVisible();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});
