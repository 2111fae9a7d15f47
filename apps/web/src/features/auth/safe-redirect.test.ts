import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeRedirect("/account/profile")).toBe("/account/profile");
    expect(safeRedirect("/search?keyword=shoes")).toBe("/search?keyword=shoes");
  });

  it("refuses addresses a browser would read as another site", () => {
    expect(safeRedirect("//evil.example")).toBeNull();
    expect(safeRedirect("/\\evil.example")).toBeNull();
    expect(safeRedirect("https://evil.example/")).toBeNull();
    expect(safeRedirect("/\t/evil.example")).toBeNull();
    expect(safeRedirect("javascript:alert(1)")).toBeNull();
  });

  it("ignores a missing or relative value", () => {
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect("")).toBeNull();
    expect(safeRedirect("account")).toBeNull();
  });
});
