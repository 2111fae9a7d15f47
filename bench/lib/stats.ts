/** Percentiles and the small arithmetic every figure uses. */

/** The nearest-rank percentile (0 < p <= 100) of some samples; NaN without samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** Milliseconds with one decimal below 100, whole above. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  return `${value < 100 ? value.toFixed(1) : Math.round(value)} ms`;
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : "n/a";
}
