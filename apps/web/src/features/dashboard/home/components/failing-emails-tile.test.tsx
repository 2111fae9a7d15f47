import { warnings } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useSession } from "#web/lib/session";
import { stubApi } from "#web/test/api-stub";
import { staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { FailingEmailsTile } from "./failing-emails-tile";

function renderTile(failedTotal: number) {
  const stub = stubApi({
    "GET /api/emails": { data: [], meta: { page: 1, size: 1, pageCount: failedTotal, total: failedTotal } },
  });
  renderRoutes(
    [
      {
        path: "/dashboard/home",
        element: (
          <>
            <FailingEmailsTile />
            <p>Tiles</p>
          </>
        ),
      },
    ],
    "/dashboard/home",
  );
  return stub;
}

beforeEach(() => {
  useSession.getState().clear();
});

describe("the dashboard home's failing-emails warning", () => {
  it("tells an admin how many messages failed and leads to them", async () => {
    useSession.getState().setUser(staff("admin"));
    const { requests } = renderTile(3);
    const link = await screen.findByRole("link", { name: "See failed emails" });
    expect(link).toHaveAttribute("href", "/dashboard/emails?status=failed");
    expect(screen.getByText(warnings.failingEmails(3))).toBeVisible();
    expect(requests[0]?.query.get("status")).toBe("failed");
  });

  it("shows nothing while no message has failed", async () => {
    useSession.getState().setUser(staff("admin"));
    const { requests } = renderTile(0);
    await screen.findByText("Tiles");
    await expect.poll(() => requests.length).toBe(1);
    expect(screen.queryByRole("link", { name: "See failed emails" })).not.toBeInTheDocument();
  });

  it("never asks on a manager's behalf: the Emails section is the admins'", async () => {
    useSession.getState().setUser(staff("manager"));
    const { requests } = renderTile(3);
    await screen.findByText("Tiles");
    expect(requests).toHaveLength(0);
    expect(screen.queryByText(warnings.failingEmails(3))).not.toBeInTheDocument();
  });
});
