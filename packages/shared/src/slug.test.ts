import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "./slug";

describe("slugify", () => {
  it('turns an apostrophe and a space into dashes: "Men\'s Shoes" gives "men-s-shoes"', () => {
    expect(slugify("Men's Shoes")).toBe("men-s-shoes");
  });

  it("collapses a run of other characters into one dash", () => {
    expect(slugify("home  &  garden")).toBe("home-garden");
    expect(slugify("a---b___c")).toBe("a-b-c");
  });

  it("lower-cases upper-case letters", () => {
    expect(slugify("TV AND Audio")).toBe("tv-and-audio");
  });

  it("keeps digits", () => {
    expect(slugify("Size 42 Boots")).toBe("size-42-boots");
  });

  it("drops dashes at both ends", () => {
    expect(slugify("  Shoes!")).toBe("shoes");
    expect(slugify("--sale--")).toBe("sale");
  });

  it("turns non-ASCII letters into dashes", () => {
    expect(slugify("Crème brûlée")).toBe("cr-me-br-l-e");
    expect(slugify("Ünïcode")).toBe("n-code");
  });

  it("gives an empty slug for a name with no a-z or 0-9 at all", () => {
    expect(slugify("!!! ???")).toBe("");
  });

  it("always gives an empty slug or one that SLUG_PATTERN accepts, and is stable when run again", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (name) => {
        const slug = slugify(name);
        expect(slug === "" || SLUG_PATTERN.test(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("SLUG_PATTERN", () => {
  it.each(["men-s-shoes", "a", "shoes2", "2024-sale"])("accepts %j", (slug) => {
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });

  it.each([
    ["the empty slug", ""],
    ["a leading dash", "-shoes"],
    ["a trailing dash", "shoes-"],
    ["two dashes in a row", "men--shoes"],
    ["an upper-case letter", "Men-shoes"],
    ["a space", "men shoes"],
    ["a non-ASCII letter", "café"],
    ["an underscore", "men_shoes"],
  ])("refuses %s", (_label, slug) => {
    expect(SLUG_PATTERN.test(slug)).toBe(false);
  });
});
