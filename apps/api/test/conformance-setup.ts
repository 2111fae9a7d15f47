/**
 * Every API test answers for the replies it caused: one off the API document fails it
 * (test/conformance.ts). At the end of the file, the operations it exercised are written down.
 */
import { afterAll, afterEach, expect, inject } from "vitest";
import { recordExercised, takeConformanceProblems } from "./conformance";

afterEach(() => {
  expect(takeConformanceProblems(), "replies that do not match the API document").toEqual([]);
});

afterAll(() => recordExercised(inject("conformanceFolder")));
