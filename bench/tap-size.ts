/**
 * A size tapped on a slow phone: the product page of the production build (the demo shop of the
 * lighthouse part), in Debian's Chromium driven by Playwright on a phone's screen with touch, its CPU
 * slowed 4x (BENCH_CPU_SLOWDOWN) through the DevTools protocol once the page has loaded. Each tap on a size is timed in
 * the page, from the pointer going down to the first paint after the page shows the size chosen
 * (the option's legend reads `Size: M`), and by the Event Timing API (the interaction's duration, to
 * the next paint after its handlers: what INP measures). Printed, not held to a target.
 *
 * NOTE: the CPU slowdown is relative to this machine, and other work on its 2 cores slows the page
 * further: the figures are for comparing runs on one machine, not a given phone's.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import type { BenchContext } from "./lib/context";
import { CPU_SLOWDOWN } from "./lib/cpu-slowdown";
import { startDemoShop } from "./lib/demo-shop";
import { getJson } from "./lib/http-client";
import { median } from "./lib/stats";

const CHROMIUM = "/usr/bin/chromium";
/** Lighthouse's phone (Moto G Power), so the two parts measure the same screen. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const TAPS = 10;
/** A shopper looks at the size chosen before the next tap; the page's work after a tap ends meanwhile. */
const PAUSE_MS = 600;
const TAP_TIMEOUT_MS = 5_000;
/** The browser reports tasks of this length and over (Long Tasks API). */
const LONG_TASK_MS = 50;
/** The option the taps choose. */
const OPTION = "Size";
/** What the part needs at least: the demo shop's start, the page's load and the taps. */
const NEEDS_MS = 60_000;

interface Envelope<T> {
  data: T;
}

interface ListedProduct {
  _id: string;
  name: string;
  options: { name: string; values: string[] }[];
}

interface ProductDetails extends ListedProduct {
  variants: { options: Record<string, string>; stock: number; isActive: boolean }[];
}

/** One tap as the page timed it, in milliseconds from the pointer going down. */
interface TapTiming {
  /** To the page's change: the legend names the size. */
  changed: number;
  /** To the first paint after the legend names the size. */
  shown: number;
  /** The interaction's Event Timing duration (8 ms steps); null below the 16 ms the API reports. */
  event: number | null;
  /** The longest task from the tap to the end of the pause after it; 0 when none took LONG_TASK_MS. */
  longestTask: number;
}

/**
 * Installed before the page's own scripts: observers of event timings and long tasks, and
 * `__tapProbe.arm(value)`, which times the next tap until the legend of the option names `value`.
 * NOTE: a string, not a function: tsx compiles the bench with esbuild's keepNames, which wraps every
 * named function in a `__name` helper that exists in Node, not in the page.
 */
const PROBE_SCRIPT = `(() => {
  const events = [];
  const longTasks = [];
  let tap = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId > 0) events.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  addEventListener("pointerdown", (event) => {
    if (tap && tap.down === null) tap.down = event.timeStamp;
  }, true);
  window.__tapProbe = {
    arm(option, value) {
      const legend = [...document.querySelectorAll("fieldset > legend")].find((element) =>
        element.textContent.startsWith(option),
      );
      if (!legend) throw new Error("no option named " + option);
      const current = { down: null, changed: null, painted: null };
      tap = current;
      const observer = new MutationObserver(() => {
        if (!legend.textContent.endsWith(": " + value)) return;
        observer.disconnect();
        current.changed = performance.now();
        // The frame's paint follows its animation frame callbacks, in the same task; a task of the
        // highest priority posted there runs next, ahead of the render React schedules after a tap.
        requestAnimationFrame(() => {
          scheduler.postTask(() => { current.painted = performance.now(); }, { priority: "user-blocking" });
        });
      });
      observer.observe(legend, { subtree: true, childList: true, characterData: true });
    },
    painted() {
      return tap !== null && tap.painted !== null;
    },
    result() {
      const down = tap.down;
      const mine = events.filter((entry) => entry.start >= down - 1);
      const tasks = longTasks.filter((entry) => entry.start + entry.duration >= down);
      return {
        changed: tap.changed - down,
        shown: tap.painted - down,
        event: mine.length > 0 ? Math.max(...mine.map((entry) => entry.duration)) : null,
        longestTask: Math.max(0, ...tasks.map((entry) => entry.duration)),
      };
    },
  };
})();`;

/** What the page's probe answers to; only touched inside page.evaluate. */
interface ProbeWindow {
  __tapProbe: {
    arm(option: string, value: string): void;
    painted(): boolean;
    result(): TapTiming;
  };
}

/** The values of `option` a shopper can choose: some active variant with it is in stock. */
function choosableValues(product: ProductDetails, option: string): string[] {
  const values = product.options.find((entry) => entry.name === option)?.values ?? [];
  return values.filter((value) =>
    product.variants.some(
      (variant) => variant.isActive && variant.stock > 0 && variant.options[option] === value,
    ),
  );
}

/**
 * A product sold in sizes only (a size chosen is a whole variant: its price and stock show too), with
 * the most sizes in stock; a product with sizes and other options when there is none.
 */
async function productWithSizes(origin: string): Promise<{ product: ProductDetails; sizes: string[] }> {
  const list = await getJson<Envelope<ListedProduct[]>>(`${origin}/api/products?page=1&size=100`);
  const candidates = list.data
    .filter((product) => product.options.some((option) => option.name === OPTION))
    .sort((a, b) => a.options.length - b.options.length);
  let best: { product: ProductDetails; sizes: string[] } | undefined;
  for (const listed of candidates) {
    if (best && listed.options.length > best.product.options.length) break;
    const product = (await getJson<Envelope<ProductDetails>>(`${origin}/api/products/${listed._id}`)).data;
    const sizes = choosableValues(product, OPTION);
    if (sizes.length >= 2 && (!best || sizes.length > best.sizes.length)) best = { product, sizes };
  }
  if (!best) throw new Error(`the demo catalogue has no product with two ${OPTION} values in stock`);
  return best;
}

/** Taps `value` and waits for the page to show it; the pause after it is part of the timing. */
async function tapOnce(page: Page, value: string): Promise<TapTiming> {
  await page.evaluate(
    ([option, chosen]) => (globalThis as unknown as ProbeWindow).__tapProbe.arm(option, chosen),
    [OPTION, value] as const,
  );
  await page
    .getByRole("group", { name: new RegExp(`^${OPTION}`) })
    .getByRole("radio", { name: value, exact: true })
    .tap({ timeout: TAP_TIMEOUT_MS });
  await page.waitForFunction(() => (globalThis as unknown as ProbeWindow).__tapProbe.painted(), undefined, {
    timeout: TAP_TIMEOUT_MS,
    polling: 50,
  });
  // Event timings are reported after their paint, and what the tap set off ends within the pause.
  await page.waitForTimeout(PAUSE_MS);
  return page.evaluate(() => (globalThis as unknown as ProbeWindow).__tapProbe.result());
}

function describe(values: readonly number[]): string {
  return `median ${Math.round(median(values))} ms, max ${Math.round(Math.max(...values))} ms`;
}

export async function tapSize(ctx: BenchContext): Promise<void> {
  if (ctx.remainingMs() < NEEDS_MS) {
    ctx.report.figure({ name: "tap a size", value: "not measured: the run's budget is spent" });
    return;
  }
  const shop = await startDemoShop(ctx);
  if (!shop.ok) {
    ctx.report.figure({ name: "tap a size", value: `not measured: ${shop.reason}` });
    return;
  }
  const { server } = shop;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    const { product, sizes } = await productWithSizes(server.url);
    const path = `/product/${product._id}`;
    ctx.report.note(`product: ${product.name} (${path}), sizes in stock ${sizes.join(", ")}`);
    const context = await browser.newContext(PHONE);
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    await page.goto(server.url + path, { waitUntil: "networkidle" });
    const group = page.getByRole("group", { name: new RegExp(`^${OPTION}`) });
    // In the middle of the screen: the tap needs no scroll, and the bar of Add to cart at the
    // bottom of a phone's screen does not cover the sizes.
    await group.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.waitForTimeout(PAUSE_MS);

    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const taps: TapTiming[] = [];
    for (let n = 0; n < TAPS; n++) taps.push(await tapOnce(page, sizes[n % sizes.length] as string));

    const slow = `${CPU_SLOWDOWN}x CPU`;
    ctx.report.figure({
      name: `tap a size to shown, ${slow}`,
      value: `${describe(taps.map((tap) => tap.shown))} (${TAPS} taps; first ${Math.round(taps[0]?.shown ?? Number.NaN)} ms)`,
    });
    const timed = taps.flatMap((tap) => (tap.event === null ? [] : [tap.event]));
    const under = TAPS - timed.length;
    ctx.report.figure({
      name: `tap a size, event duration, ${slow}`,
      value:
        timed.length > 0
          ? `${describe(timed)}${under > 0 ? ` (${under} of ${TAPS} taps under 16 ms)` : ""}`
          : `every tap under 16 ms`,
    });
    const long = taps.filter((tap) => tap.longestTask > 0);
    ctx.report.figure({
      name: `tap a size, longest task, ${slow}`,
      value:
        long.length > 0
          ? `${Math.round(Math.max(...long.map((tap) => tap.longestTask)))} ms (${long.length} of ${TAPS} taps set off a task of ${LONG_TASK_MS} ms or more)`
          : `none of ${LONG_TASK_MS} ms or more`,
    });
    ctx.report.note(
      `each tap (changed / shown / event / longest task, ms): ${taps
        .map(
          (tap) =>
            `${Math.round(tap.changed)}/${Math.round(tap.shown)}/${tap.event ?? "<16"}/${Math.round(tap.longestTask)}`,
        )
        .join(", ")}; an interaction is good at 200 ms or less (INP, Core Web Vitals)`,
    );
    const logged = server.logged();
    if (logged.length > 0) ctx.report.note(`the server logged:\n    ${logged.join("\n    ")}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}
