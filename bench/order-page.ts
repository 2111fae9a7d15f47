/**
 * The dashboard's order page on a phone: the demo shop of the lighthouse part, its admin
 * signed in, an order of several lines opened at /dashboard/orders/order/{id} by a fresh visit (an
 * owner following a link from the new-order email), in Debian's Chromium driven by Playwright at
 * 390 px wide with touch, its CPU slowed 4x (BENCH_CPU_SLOWDOWN) through the DevTools protocol before the page is asked
 * for. Timed in the page from the navigation's start to the first paint after the order's details
 * (the card headed "Order #<number>") are in the page: "to content", median of RUNS visits, each in
 * a new browser context with an empty cache. Beside it: the longest task of the load.
 *
 * NOTE: the network is not slowed (loopback); other work on the machine's 2 cores slows the page
 * further, so the figures are for comparing runs on one machine, not a given phone's.
 */
import { type Browser, chromium } from "playwright-core";
import type { BenchContext } from "./lib/context";
import { CPU_SLOWDOWN } from "./lib/cpu-slowdown";
import { startDemoShop } from "./lib/demo-shop";
import { median } from "./lib/stats";

const CHROMIUM = "/usr/bin/chromium";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const RUNS = 3;
/** To content on a slow phone: an owner opening an order from its email should not wait. */
const TARGET_MS = 1_000;
const LOAD_TIMEOUT_MS = 30_000;
/** What the part needs at least: the demo shop's start and the visits. */
const NEEDS_MS = 60_000;
/** The demo's admin (apps/api/src/config.ts, DEMO_ACCOUNTS): the demo shop seeds it. */
const ADMIN = { email: "admin@example.com", password: "Admin@123" };

interface Envelope<T> {
  data: T;
}

interface ListedOrder {
  _id: string;
  number: number;
  itemCount: number;
}

interface Visit {
  /** From the navigation's start to the first paint with the order's details. */
  content: number;
  /** The longest task from the navigation's start to that paint (Long Tasks API, 50 ms and over). */
  longestTask: number;
}

/**
 * Installed before the page's own scripts: the time of the first paint after a heading names the
 * order, and the long tasks until then.
 * NOTE: a string, not a function (tsx's keepNames wraps named functions in a helper the page lacks).
 */
const PROBE_SCRIPT = `(() => {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ end: entry.startTime + entry.duration, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  const probe = { content: null, tasks: [] };
  window.__orderProbe = probe;
  const heading = () => [...document.querySelectorAll("h2")].some((h) => h.textContent.startsWith("Order #"));
  const observer = new MutationObserver(() => {
    if (!heading()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      scheduler.postTask(() => {
        probe.content = performance.now();
        probe.tasks = longTasks.slice();
      }, { priority: "user-blocking" });
    });
  });
  observer.observe(document, { subtree: true, childList: true });
})();`;

interface ProbeWindow {
  __orderProbe: { content: number | null; tasks: { end: number; duration: number }[] };
}

export async function orderPage(ctx: BenchContext): Promise<void> {
  if (ctx.remainingMs() < NEEDS_MS) {
    ctx.report.figure({ name: "dashboard order page", value: "not measured: the run's budget is spent" });
    return;
  }
  const shop = await startDemoShop(ctx);
  if (!shop.ok) {
    ctx.report.figure({ name: "dashboard order page", value: `not measured: ${shop.reason}` });
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
    // Signed in once through the login page (the app keeps its session's snapshot in local storage);
    // each visit's context starts from this session with an empty cache.
    const signIn = await browser.newContext();
    const form = await signIn.newPage();
    await form.goto(`${server.url}/auth/login`);
    await form.getByLabel("Email").fill(ADMIN.email);
    await form.getByLabel("Password").fill(ADMIN.password);
    await form.getByRole("button", { name: "Login", exact: true }).click();
    await form.waitForURL((url) => !url.pathname.startsWith("/auth/login"), { timeout: LOAD_TIMEOUT_MS });
    const orders = (await (
      await signIn.request.get(`${server.url}/api/orders?page=1&size=50`)
    ).json()) as Envelope<ListedOrder[]>;
    const order = [...orders.data].sort((a, b) => b.itemCount - a.itemCount)[0];
    if (!order) throw new Error("the demo shop has no order");
    const storageState = await signIn.storageState();
    await signIn.close();
    const path = `/dashboard/orders/order/${order._id}`;
    ctx.report.note(`order #${order.number} of ${order.itemCount} items (${path})`);

    const visits: Visit[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ ...PHONE, storageState });
      await context.addInitScript({ content: PROBE_SCRIPT });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.goto(server.url + path, { waitUntil: "commit" });
      const shown = () => (globalThis as unknown as ProbeWindow).__orderProbe.content !== null;
      await page
        .waitForFunction(shown, undefined, { timeout: LOAD_TIMEOUT_MS, polling: 100 })
        .catch(async (error) => {
          const text = (await page.locator("body").innerText()).replace(/\s+/g, " ").slice(0, 300);
          throw new Error(`no order on ${page.url()} ("${text}"): ${String(error)}`);
        });
      const probe = await page.evaluate(() => (globalThis as unknown as ProbeWindow).__orderProbe);
      const content = probe.content as number;
      const before = probe.tasks.filter((task) => task.end <= content);
      visits.push({ content, longestTask: Math.max(0, ...before.map((task) => task.duration)) });
      await context.close();
    }
    const content = median(visits.map((visit) => visit.content));
    ctx.report.figure({
      name: `dashboard order page to content, 390 px, ${CPU_SLOWDOWN}x CPU`,
      value: `${Math.round(content)} ms (runs ${visits.map((visit) => Math.round(visit.content)).join(", ")})`,
      target: `<= ${TARGET_MS} ms`,
      met: content <= TARGET_MS,
    });
    ctx.report.note(
      `longest task before the content, per run: ${visits.map((visit) => `${Math.round(visit.longestTask)} ms`).join(", ")}`,
    );
    const logged = server.logged();
    if (logged.length > 0) ctx.report.note(`the server logged:\n    ${logged.join("\n    ")}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}
