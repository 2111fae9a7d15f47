import { reviewModeration } from "@shop/shared/messages";
import type { StaffReviewDto } from "@shop/shared/schemas/review";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { ReviewsPage } from "./reviews-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const review: StaffReviewDto = {
  _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
  title: "Fell apart in a week",
  rating: 1,
  comment: "The strap came off after a week of wearing it every day.",
  user: { _id: "f1f1f1f1f1f1f1f1f1f1f1f1", name: { firstName: "Asha", lastName: "Rao" }, avatar: null },
  createdAt: "2026-03-02T10:00:00.000Z",
  updatedAt: "2026-03-02T10:00:00.000Z",
  reply: null,
  product: { _id: "a2a2a2a2a2a2a2a2a2a2a2a2", name: "Canvas Watch" },
  hidden: false,
};

const page = (items: StaffReviewDto[]) => ({
  data: items,
  meta: { page: 1, size: 8, pageCount: items.length ? 1 : 0, total: items.length },
});

function renderReviews(path = "/dashboard/reviews") {
  return renderRoutes([{ path: "/dashboard/reviews", element: <ReviewsPage /> }], path);
}

describe("the reviews page", () => {
  it("lists reviews with product, author, rating, title and text, and says when there are none", async () => {
    stubApi({
      "GET /api/reviews": ({ query }: StubRequest) => page(query.get("rating") === "5" ? [] : [review]),
    });
    renderReviews();
    const card = await screen.findByRole("article", { name: "Review by Asha Rao of Canvas Watch" });
    expect(card).toHaveTextContent("Fell apart in a week");
    expect(card).toHaveTextContent(review.comment);
    expect(within(card).getByRole("img", { name: /1/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(reviewModeration.rating), reviewModeration.stars(5));
    expect(await screen.findByText(reviewModeration.empty)).toBeVisible();
  });

  it("sends the filters: rating, visibility, keyword and the product chosen on a review", async () => {
    const { requests } = stubApi({ "GET /api/reviews": page([review]) });
    const { router } = renderReviews("/dashboard/reviews?rating=1&visibility=hidden&keyword=strap");
    await screen.findByRole("article");
    await userEvent.click(screen.getByRole("button", { name: reviewModeration.onlyProduct("Canvas Watch") }));
    await waitFor(() => expect(requests.at(-1)?.query.get("product")).toBe(review.product._id));
    const asked = requests.at(-1)?.query;
    expect([asked?.get("rating"), asked?.get("hidden"), asked?.get("keyword")]).toEqual([
      "1",
      "true",
      "strap",
    ]);
    expect(screen.getByText(reviewModeration.productFilter("Canvas Watch"))).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: reviewModeration.clearProduct }));
    expect(new URLSearchParams(router.state.location.search).has("product")).toBe(false);
  });

  it("hides a review, replies to it and deletes it after asking", async () => {
    const { requests } = stubApi({
      "GET /api/reviews": page([review]),
      [`PATCH /api/reviews/${review._id}`]: { data: { ...review, hidden: true } },
      [`PUT /api/reviews/${review._id}/reply`]: {
        data: { ...review, reply: { text: "We are sending a new strap.", at: review.createdAt } },
      },
      [`DELETE /api/reviews/${review._id}`]: { data: null },
    });
    renderReviews();
    await screen.findByRole("article");
    await userEvent.click(screen.getByRole("button", { name: reviewModeration.hide }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(reviewModeration.hidden));
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({ hidden: true });

    await userEvent.click(screen.getByRole("button", { name: reviewModeration.reply }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(
      within(dialog).getByLabelText(reviewModeration.replyLabel),
      "We are sending a new strap.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: reviewModeration.saveReply }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(reviewModeration.replied));
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({
      text: "We are sending a new strap.",
    });

    await userEvent.click(screen.getByRole("button", { name: reviewModeration.delete }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent(reviewModeration.confirmDelete);
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);
    await userEvent.click(within(confirm).getByRole("button", { name: reviewModeration.delete }));
    await waitFor(() => expect(requests.some((request) => request.method === "DELETE")).toBe(true));
  });
});
