import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AfterPaint, useRevealed } from "./after-paint";
import { usePageMeta } from "./page-meta";

/** How many of `count` the hook says to render, on screen, and each value it went through. */
function Revealed({ count, step, seen }: { count: number; step: number; seen: number[] }) {
  const revealed = useRevealed(count, step);
  if (seen.at(-1) !== revealed) seen.push(revealed);
  return <p>{revealed}</p>;
}

describe("work put off until after a paint", () => {
  it("renders a list's items a step at a time, each step in a render of its own, until all are", async () => {
    const seen: number[] = [];
    const { rerender } = render(<Revealed count={10} step={4} seen={seen} />);
    expect(screen.getByText("0")).toBeInTheDocument();
    await screen.findByText("10");
    expect(seen).toEqual([0, 4, 8, 10]);

    // A longer list goes on from where it was; a shorter one is rendered whole at once.
    rerender(<Revealed count={13} step={4} seen={seen} />);
    await screen.findByText("13");
    expect(seen).toEqual([0, 4, 8, 10, 13]);
    rerender(<Revealed count={2} step={4} seen={seen} />);
    expect(screen.getByText("2")).toBeInTheDocument();
  });

  it("shows the fallback first and its children once the rest is painted", async () => {
    render(
      <AfterPaint fallback={<p>placeholder</p>}>
        <p>the part that waits</p>
      </AfterPaint>,
    );
    expect(screen.getByText("placeholder")).toBeInTheDocument();
    expect(screen.queryByText("the part that waits")).toBeNull();
    await screen.findByText("the part that waits");
    expect(screen.queryByText("placeholder")).toBeNull();
  });
});

function Page({ title }: { title: string }) {
  usePageMeta({ title, description: `About ${title}` });
  return null;
}

describe("the page's title and description", () => {
  it("is the newest page's, whichever page's clean-up runs last", async () => {
    document.title = "Bazaar";
    const first = render(<Page title="Shoes" />);
    await waitFor(() => expect(document.title).toBe("Shoes"));
    // The next page's effects run before the last page is cleaned up, as Preact may order them.
    const next = render(<Page title="Bags" />);
    await waitFor(() => expect(document.title).toBe("Bags"));
    first.unmount();
    expect(document.title).toBe("Bags");
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute("content", "About Bags");
    next.unmount();
    expect(document.title).toBe("Bazaar");
  });
});
