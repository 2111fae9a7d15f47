import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatRating, Stars } from "./stars";

describe("ratings", () => {
  it("show an average with one decimal, not rounded to halves", () => {
    expect(formatRating(4.333)).toBe("4.3");
    expect(formatRating(4.76)).toBe("4.8");
    expect(formatRating(5)).toBe("5.0");
  });

  it("read the stars out with the same one-decimal average", () => {
    render(<Stars rating={4.333} />);
    expect(screen.getByRole("img")).toHaveAccessibleName("Rated 4.3 out of 5");
  });
});
