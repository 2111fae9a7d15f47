/**
 * Which sources the bytes of a built chunk come from, read from its source map: every mapped
 * segment's generated characters count for its source. Rough (unmapped glue counts for nobody,
 * gzip compresses sources unevenly) but enough to say what makes a bundle heavy.
 */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

/** The numbers of one VLQ-encoded segment. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`invalid source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Generated characters per source of a map (its `sources` entries as written). */
export function bytesBySource(
  map: { sources: string[]; mappings: string },
  code: string,
): Map<string, number> {
  const lines = code.split("\n");
  const shares = new Map<string, number>();
  let source = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    const length = lines[lineIndex]?.length ?? 0;
    let column = 0;
    let current: number | undefined;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      const next = column + columnDelta;
      if (current !== undefined) {
        const name = map.sources[current] ?? "?";
        shares.set(name, (shares.get(name) ?? 0) + (next - column));
      }
      column = next;
      if (sourceDelta !== undefined) {
        source += sourceDelta;
        current = source;
      } else {
        current = undefined;
      }
    }
    if (current !== undefined) {
      const name = map.sources[current] ?? "?";
      shares.set(name, (shares.get(name) ?? 0) + (length - column));
    }
  });
  return shares;
}

/** A source path as a package name (`react-dom`, `@tanstack/query-core`) or an app folder (`web/src/features`). */
export function packageOf(source: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (modules) return modules[1] as string;
  const app = /(?:^|\/)(apps\/web\/src\/[^/]+|packages\/[^/]+)/.exec(source);
  return app ? (app[1] as string) : source;
}
