import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { amountCell, type CsvRow, csvStream, csvText, unguardedCell } from "./csv";

const read = (csv: string): string[][] => parse(csv, { bom: true });

describe("the CSV files the API writes", () => {
  it("writes amounts and counts as numbers, a negative one with its bare minus sign", () => {
    const csv = csvText([
      ["Date", "Net sales", "Orders"],
      ["2026-03-20", amountCell(-290.04), -2],
      ["2026-03-21", amountCell(290.1), 0],
    ]);
    expect(read(csv)).toEqual([
      ["Date", "Net sales", "Orders"],
      ["2026-03-20", "-290.04", "-2"],
      ["2026-03-21", "290.10", "0"],
    ]);
    // Each cell as a spreadsheet reads it: numbers, so that the column adds up.
    expect(Number(read(csv)[1]?.[1])).toBe(-290.04);
  });

  it("prefixes text a spreadsheet would run as a formula with an apostrophe, minus and full-width forms included", () => {
    const formulas = [
      '=HYPERLINK("http://evil.example","Click")',
      "+1",
      "-1+2",
      "@SUM(A1)",
      "\tx",
      "\rx",
      "＝1",
    ];
    const [row] = read(csvText([formulas])).map((cells) => cells);
    expect(row).toEqual(formulas.map((text) => `'${text}`));
    expect(read(csvText([["Plain", "a=b", null]]))).toEqual([["Plain", "a=b", ""]]);
  });

  it("gives back a guarded text as it was, and leaves an apostrophe that guards nothing", () => {
    for (const text of ["=SUM(A1)", "+1", "-x", "@cmd", "＋1"]) {
      const [[cell]] = read(csvText([[text]])) as [[string]];
      expect(unguardedCell(cell)).toBe(text);
    }
    expect(unguardedCell("'quoted")).toBe("'quoted");
  });

  it("streams rows with the byte-order mark and CRLF rows, as the whole-table form does", async () => {
    const rows: CsvRow[] = [
      ["Name", "Stock", "Price"],
      ["=evil", 3, amountCell(-1.5)],
    ];
    async function* source() {
      yield* rows;
    }
    const errors: unknown[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(source(), (error) => errors.push(error)))
      chunks.push(Buffer.from(chunk));
    const streamed = Buffer.concat(chunks).toString("utf8");
    expect(streamed).toBe(csvText(rows));
    expect(streamed).toBe("\uFEFFName,Stock,Price\r\n'=evil,3,-1.50\r\n");
    expect(errors).toEqual([]);
  });

  it("tells of a source that fails mid-file", async () => {
    const failing = Readable.from(
      (async function* () {
        yield ["a"];
        throw new Error("the database went away");
      })(),
    );
    const errors: unknown[] = [];
    const csv = csvStream(failing, (error) => errors.push(error));
    await expect(async () => {
      for await (const _chunk of csv) {
        // drained
      }
    }).rejects.toThrow("the database went away");
    expect(errors).toHaveLength(1);
  });
});
