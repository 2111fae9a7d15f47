import { activityPage } from "@shop/shared/messages";
import type { ActivityActorDto, ActivityEntryDto } from "@shop/shared/schemas/activity";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ActivityPage } from "./activity-page";

const asha: ActivityActorDto = {
  _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
  name: "Asha Rao",
  email: "asha@example.com",
};
const ravi: ActivityActorDto = {
  _id: "b2b2b2b2b2b2b2b2b2b2b2b2",
  name: "Ravi Iyer",
  email: "ravi@example.com",
};

const priceChange: ActivityEntryDto = {
  _id: "c3c3c3c3c3c3c3c3c3c3c3c3",
  at: "2026-11-24T10:00:00.000Z",
  actor: asha,
  kind: "product.updated",
  subject: { type: "product", id: "d4d4d4d4d4d4d4d4d4d4d4d4", label: "Linen Shirt" },
  before: { variants: { "TEE-M": { price: 100 } }, isActive: true },
  after: { variants: { "TEE-M": { price: 120 } }, isActive: false },
};

const note: ActivityEntryDto = {
  _id: "e5e5e5e5e5e5e5e5e5e5e5e5",
  at: "2026-11-23T09:00:00.000Z",
  actor: ravi,
  kind: "order.note_added",
  subject: { type: "order", id: "f6f6f6f6f6f6f6f6f6f6f6f6", label: "#1001" },
  before: {},
  after: { note: "Gift wrap it." },
};

/** The log as the API narrows it: by `actor` and `kind`. */
function activityList({ query }: StubRequest) {
  const items = [priceChange, note].filter(
    (entry) =>
      (!query.get("actor") || entry.actor._id === query.get("actor")) &&
      (!query.get("kind") || entry.kind === query.get("kind")),
  );
  return { data: items, meta: { page: 1, size: 8, pageCount: 1, total: items.length } };
}

function renderActivity(path = "/dashboard/activity", list = activityList) {
  const stub = stubApi({
    "GET /api/activity": list,
    "GET /api/activity/actors": { data: [asha, ravi] },
  });
  return { ...stub, ...renderRoutes([{ path: "/dashboard/activity", element: <ActivityPage /> }], path) };
}

const listRequests = (requests: StubRequest[]) => requests.filter((r) => r.path === "/api/activity");

describe("the dashboard's activity log", () => {
  it("shows who did what to what and when, with the changed fields before and after on demand", async () => {
    renderActivity();
    const table = await screen.findByRole("table", { name: activityPage.cardTitle });
    const row = within(table).getByRole("link", { name: "Linen Shirt" }).closest("tr");
    if (!row) throw new Error("no row for the price change");
    expect(row).toHaveTextContent("Asha Rao");
    expect(row).toHaveTextContent("asha@example.com");
    expect(row).toHaveTextContent(activityPage.kinds["product.updated"]);
    expect(within(row).getByRole("link", { name: "Linen Shirt" })).toHaveAttribute(
      "href",
      `/dashboard/products/edit/${priceChange.subject.id}`,
    );

    const toggle = within(row).getByRole("button", {
      name: activityPage.showChanges(activityPage.changeCount(2), "Linen Shirt"),
    });
    expect(toggle).toHaveTextContent("2 fields");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    if (!details) throw new Error("no changes shown");
    expect(details).toHaveTextContent("Variants › TEE-M › Price");
    expect(details).toHaveTextContent(/Before: 100\W*, After: 120/);
    expect(details).toHaveTextContent("Active");
    expect(details).toHaveTextContent(/Before: Yes\W*, After: No/);

    const noteRow = within(table).getByRole("link", { name: "#1001" }).closest("tr");
    if (!noteRow) throw new Error("no row for the note");
    await userEvent.click(
      within(noteRow).getByRole("button", {
        name: activityPage.showChanges(activityPage.changeCount(1), "#1001"),
      }),
    );
    expect(table).toHaveTextContent(/Before: —\W*, After: Gift wrap it\./);
  });

  it("narrows by staff member and kind in the address, back to page 1", async () => {
    const { requests, router } = renderActivity("/dashboard/activity?page=2");
    await screen.findByRole("table", { name: activityPage.cardTitle });
    const staff = screen.getByLabelText(activityPage.actor);
    await waitFor(() => expect(within(staff).getByRole("option", { name: "Ravi Iyer" })).toBeInTheDocument());
    await userEvent.selectOptions(staff, ravi._id);
    await userEvent.selectOptions(screen.getByLabelText(activityPage.kind), "order.note_added");
    await waitFor(() => expect(router.state.location.search).toContain("kind=order.note_added"));
    expect(router.state.location.search).toContain(`actor=${ravi._id}`);
    expect(router.state.location.search).toContain("page=1");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Linen Shirt" })).not.toBeInTheDocument());
    const last = listRequests(requests).at(-1);
    expect(last?.query.get("actor")).toBe(ravi._id);
    expect(last?.query.get("kind")).toBe("order.note_added");
  });

  it("asks for the days chosen, and says when nothing matches", async () => {
    const { requests } = renderActivity("/dashboard/activity?from=2026-11-01&to=2026-11-30", () => ({
      data: [],
      meta: { page: 1, size: 8, pageCount: 1, total: 0 },
    }));
    expect(await screen.findByText(activityPage.empty)).toBeVisible();
    const [asked] = listRequests(requests);
    expect(asked?.query.get("from")).toBe("2026-11-01");
    expect(asked?.query.get("to")).toBe("2026-11-30");
  });
});
