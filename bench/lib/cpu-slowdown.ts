/**
 * How much slower than this machine the phone of the browser parts (lighthouse, tap-size,
 * order-page) runs: 4x, Lighthouse's mobile default, unless BENCH_CPU_SLOWDOWN names another
 * (a number from 1 to 20).
 *
 * NOTE: a slowdown is relative to the machine. Lighthouse's throttling guide (docs/throttling.md,
 * "Calibrating the CPU slowdown") has it calibrated to the machine's benchmark index; the browser
 * goals of bench/README.md were set on a machine of index 3 000–3 700, so on a slower machine the
 * same phone is about 4 × index / 3 300 (bench/README.md, "The same phone on a slower machine").
 */
const DEFAULT_SLOWDOWN = 4;

function slowdownOf(text: string | undefined): number {
  if (text === undefined || text === "") return DEFAULT_SLOWDOWN;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 1 || value > 20)
    throw new Error(`BENCH_CPU_SLOWDOWN must be a number from 1 to 20, not "${text}"`);
  return value;
}

export const CPU_SLOWDOWN = slowdownOf(process.env.BENCH_CPU_SLOWDOWN);
