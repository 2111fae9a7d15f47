import type { ListMeta } from "@shop/shared/api";
import { listPaging } from "@shop/shared/messages";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useListParams } from "#web/lib/list-params";
import { renderRoutes } from "#web/test/render";
import { PagedList } from "./paged-list";

/** What the list was asked for: each page's number and cursor. */
type Asked = { page: number; after: string | undefined }[];

/**
 * A list of 10,000+ orders counted to the cap, 20 a page: each page's `meta.next` is "after-<page>",
 * as the API's cursor of its last row would be.
 */
function CappedOrders({ asked }: { asked: Asked }) {
  const list = useListParams();
  const query = useQuery({
    queryKey: ["orders", list.page, list.size, list.after],
    queryFn: async () => {
      asked.push({ page: list.page, after: list.after });
      const meta: ListMeta = {
        page: list.page,
        size: list.size,
        total: 10_000,
        totalCapped: true,
        pageCount: 500,
        next: `after-${list.page}`,
      };
      return { items: [`Order on page ${list.page}`], meta };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList list={list} searchLabel="orders" noun={listPaging.nouns.orders} query={query} empty="None">
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function renderOrders(path: string) {
  const asked: Asked = [];
  const { router } = renderRoutes(
    [{ path: "/dashboard/orders", element: <CappedOrders asked={asked} /> }],
    path,
  );
  const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { asked, address, router };
}

describe("a dashboard list longer than the API counts", () => {
  it("says 'Page 3 of 500+' and '10,000+ orders'", async () => {
    renderOrders("/dashboard/orders?page=3&size=20");
    expect(await screen.findByText("Order on page 3")).toBeVisible();
    expect(screen.getByText("Page 3 of 500+")).toBeVisible();
    expect(screen.getByText("10,000+ orders")).toBeVisible();
  });

  it("carries the page's cursor with Next, in the address and to the list; a reload reads the same", async () => {
    const { asked, address } = renderOrders("/dashboard/orders?page=3&size=20");
    await screen.findByText("Order on page 3");
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Order on page 4")).toBeVisible();
    expect(address()).toEqual({ page: "4", size: "20", after: "after-3" });
    expect(asked).toEqual([
      { page: 3, after: undefined },
      { page: 4, after: "after-3" },
    ]);
    expect(screen.getByText("Page 4 of 500+")).toBeVisible();

    // The address alone brings the same page back: page 4 after the third's last order.
    const reloaded = renderOrders("/dashboard/orders?page=4&size=20&after=after-3");
    await screen.findAllByText("Order on page 4");
    expect(reloaded.asked).toEqual([{ page: 4, after: "after-3" }]);
  });

  it("goes back through the history with Previous after Next, and by the page's number otherwise", async () => {
    const { asked, address, router } = renderOrders("/dashboard/orders?page=3&size=20");
    await screen.findByText("Order on page 3");
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Order on page 4");
    await userEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(await screen.findByText("Order on page 3")).toBeVisible();
    expect(address()).toEqual({ page: "3", size: "20" });
    // Back to the entry it came from (Forward would return to page 4), not a new one.
    expect(router.state.historyAction).toBe("POP");
    expect(asked.at(-1)).toEqual({ page: 3, after: undefined });

    // Page 3 was opened from a link, not by Next: Previous asks for page 2 by its number.
    await userEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(await screen.findByText("Order on page 2")).toBeVisible();
    expect(address()).toEqual({ page: "2", size: "20" });
    expect(asked.at(-1)).toEqual({ page: 2, after: undefined });
  });

  it("reads no cursor on the first page, where a filter returning to page 1 may have left one", async () => {
    const { asked } = renderOrders("/dashboard/orders?page=1&size=20&after=after-7");
    await screen.findByText("Order on page 1");
    expect(asked).toEqual([{ page: 1, after: undefined }]);
  });

  it("counts one order as one", async () => {
    function One() {
      const list = useListParams();
      const meta: ListMeta = { page: 1, size: 8, total: 1, pageCount: 1 };
      const query = useQuery({ queryKey: ["one"], queryFn: async () => ({ items: ["Only order"], meta }) });
      return (
        <PagedList list={list} searchLabel="orders" noun={listPaging.nouns.orders} query={query} empty="None">
          {(items) => <p>{items.join()}</p>}
        </PagedList>
      );
    }
    renderRoutes([{ path: "/", element: <One /> }], "/");
    expect(await screen.findByText("1 order")).toBeVisible();
    expect(screen.getByText("Page 1 of 1")).toBeVisible();
  });
});
