import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageMeta } from "./page-meta";

const descriptions = () =>
  Array.from(document.head.querySelectorAll('meta[name="description"]'), (tag) =>
    tag.getAttribute("content"),
  );

describe("a page's title and description", () => {
  it("are the newest page's while it is shown, the page before's once it goes", () => {
    const first = render(<PageMeta title="Shoes" description="About shoes" />);
    expect(document.title).toBe("Shoes");
    expect(descriptions()).toEqual(["About shoes"]);

    const next = render(<PageMeta title="Bags" description="About bags" />);
    expect(document.title).toBe("Bags");
    next.unmount();
    expect(document.title).toBe("Shoes");
    expect(descriptions()).toEqual(["About shoes"]);
    first.unmount();
    expect(descriptions()).toEqual([]);
  });

  it("keep the title the page found while it has none of its own (still loading)", () => {
    const before = render(<PageMeta title="Shoes" />);
    const loading = render(<PageMeta title={null} />);
    before.unmount();
    expect(document.title).toBe("Shoes");
    loading.rerender(<PageMeta title="Bags" />);
    expect(document.title).toBe("Bags");
  });

  it("clip a long description to one snippet's length, on one line", () => {
    render(<PageMeta title="Lamp" description={`A brass\n\nlamp ${"with a weighted base ".repeat(20)}`} />);
    const [content] = descriptions();
    expect(content?.startsWith("A brass lamp with a weighted base")).toBe(true);
    expect(content).toHaveLength(160);
    expect(content?.endsWith("…")).toBe(true);
  });
});
