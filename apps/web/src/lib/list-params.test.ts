import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "@shop/shared/constants";
import { describe, expect, it } from "vitest";
import { parsePage, parseSize } from "./list-params";

describe("list parameters from the address", () => {
  it("takes a whole page number from 1 up, and page 1 for anything else", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "1.5", "abc"]) expect(parsePage(value)).toBe(DEFAULT_PAGE);
  });

  it("takes only the offered page sizes, and the default for anything else", () => {
    expect(parseSize("20")).toBe(20);
    expect(parseSize("100")).toBe(100);
    for (const value of [null, "", "7", "1000", "abc"]) expect(parseSize(value)).toBe(DEFAULT_PAGE_SIZE);
  });
});
