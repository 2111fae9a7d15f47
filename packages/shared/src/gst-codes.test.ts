import { describe, expect, it } from "vitest";
import {
  DEFAULT_UQC,
  HSN_CHAPTERS,
  HSN_DESCRIPTION_MAX,
  HSN_DESCRIPTION_PATTERN,
  hsnChapterName,
  UQCS,
  uqcLabel,
} from "./gst-codes";

describe("GST codes", () => {
  it("names every HSN chapter within the offline tool's 30 characters of its alphabet", () => {
    const names = Object.entries(HSN_CHAPTERS);
    expect(names.length).toBeGreaterThanOrEqual(97);
    for (const [chapter, name] of names) {
      expect(chapter).toMatch(/^\d{2}$/);
      expect(name.length, name).toBeLessThanOrEqual(HSN_DESCRIPTION_MAX);
      expect(name, name).toMatch(HSN_DESCRIPTION_PATTERN);
      expect(name.trim()).toBe(name);
    }
  });

  it("describes a code by its chapter, and none for a code of no chapter", () => {
    expect(hsnChapterName("6109")).toBe("Apparel knitted or crocheted");
    expect(hsnChapterName("64039990")).toBe("Footwear");
    expect(hsnChapterName("7700")).toBe("");
    expect(hsnChapterName(null)).toBe("");
  });

  it("writes units as the templates' UQC column does", () => {
    expect(DEFAULT_UQC).toBe("NOS");
    expect(uqcLabel("NOS")).toBe("NOS-NUMBERS");
    expect(uqcLabel("PRS")).toBe("PRS-PAIRS");
    expect(uqcLabel("KGS")).toBe("KGS-KILOGRAMS");
    for (const uqc of UQCS) expect(uqcLabel(uqc)).toMatch(new RegExp(`^${uqc}-[A-Z]+$`));
  });
});
