import { salesReports } from "@shop/shared/messages";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Skeleton } from "#web/components/skeleton";
import { cx } from "#web/lib/cx";
import { formatCompactPrice, formatPrice } from "#web/lib/money";

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 48, bottom: 28, left: 56 };
/** The widest a day's bar gets, when a period has few days. */
const BAR_MAX = 48;

/** One day of the chart, as the shop's clock reads it; `netSales` left out for managers. */
export interface ChartDay {
  date: string;
  orders: number;
  netSales?: number | undefined;
}

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number, floor: number): number {
  if (value <= floor) return floor;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((f) => f * power >= value) ?? 10;
  return step * power;
}

/**
 * The two axes on one grid. Net sales may fall below zero on a day that gave back more than it took,
 * so the money axis runs from a whole number of steps below zero to a whole number above it; the orders
 * axis shares its zero line and its steps above zero.
 */
function axes(days: ChartDay[]) {
  const money = days.map((day) => day.netSales ?? 0);
  const highest = Math.max(0, ...money);
  const lowest = Math.min(0, ...money);
  // The floor keeps the steps whole numbers on quiet months.
  const step = niceMax(Math.max(highest, -lowest), 100) / 4;
  const stepsUp = Math.max(1, Math.ceil(highest / step));
  const stepsDown = Math.ceil(-lowest / step);
  const ordersStep = niceMax(Math.ceil(Math.max(...days.map((day) => day.orders), 0) / stepsUp), 1);
  return { step, stepsUp, stepsDown, ordersStep };
}

function shortDate(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

const LEGEND_CLASS = "mb-3 flex min-h-5 flex-wrap items-center gap-x-6 gap-y-1 text-sm";
// NOTE: on a phone the chart scrolls sideways rather than shrinking its labels to nothing.
const SCROLLER_CLASS = "-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0";
const FOCUS_CLASS = "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600";
const SVG_CLASS = "h-auto w-full min-w-[36rem]";

/**
 * Where a chart too wide for its screen (a phone) stands: it opens at its end, today, once for each
 * run of days; `earlier` while days before lie out of view to the left, `overflows` while it scrolls.
 */
function useOpenAtEnd(days: readonly ChartDay[]) {
  const scroller = useRef<HTMLElement>(null);
  const opened = useRef<string | null>(null);
  // The user scrolled back from today's end: a change of width leaves them where they are.
  const scrolledBack = useRef(false);
  const [view, setView] = useState({ earlier: false, overflows: false });
  // A run of days is known by its ends: the Home page hands a new array of the same days each render.
  const run = `${days[0]?.date ?? ""}/${days.at(-1)?.date ?? ""}/${days.length}`;
  const measure = useCallback((element: HTMLElement) => {
    const earlier = element.scrollLeft > 1;
    const overflows = element.scrollWidth > element.clientWidth + 1;
    setView((was) => (was.earlier === earlier && was.overflows === overflows ? was : { earlier, overflows }));
  }, []);
  const follow = () => {
    const element = scroller.current;
    if (!element) return;
    scrolledBack.current = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    measure(element);
  };
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || opened.current === run) return;
    opened.current = run;
    scrolledBack.current = false;
    element.scrollLeft = element.scrollWidth;
    measure(element);
  }, [run, measure]);
  // A chart that starts to scroll later (a phone turned, a window narrowed) is brought to today's end too.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (!scrolledBack.current) element.scrollLeft = element.scrollWidth;
      measure(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  return { scroller, follow, ...view };
}

/**
 * Money (bars, left axis: net sales, or what `moneyLabel` names) and orders (line, right axis) per
 * day, drawn as plain SVG: no chart library, so the dashboard chunk stays small. Managers get no
 * money figures, and see the orders alone. `period` names the days in the chart's description
 * ("Last 30 days"). On a phone it scrolls sideways and opens at today's end, the days before it
 * faded at the left edge and named under it.
 */
export function SalesChart({
  days,
  period,
  moneyLabel = salesReports.figures.netSales,
}: {
  days: ChartDay[];
  period: string;
  moneyLabel?: string;
}) {
  const titleId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const { scroller, follow, earlier, overflows } = useOpenAtEnd(days);
  const showMoney = days.some((day) => day.netSales !== undefined);
  const { step, stepsUp, stepsDown, ordersStep } = axes(days);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const stepH = innerH / (stepsUp + stepsDown);
  const zeroY = PAD.top + stepsUp * stepH;
  const slot = innerW / Math.max(days.length, 1);
  const barW = Math.min(slot * 0.7, BAR_MAX);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yMoney = (v: number) => zeroY - (v / step) * stepH;
  const yOrders = (v: number) => zeroY - (v / ordersStep) * stepH;
  const line = days
    .map((day, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${yOrders(day.orders).toFixed(1)}`)
    .join(" ");
  const ticks = Array.from({ length: stepsUp + stepsDown + 1 }, (_, i) => stepsUp - i);
  const labelEvery = Math.ceil(days.length / 6);
  const current = hover !== null ? days[hover] : undefined;
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const totalNet = days.reduce((sum, day) => sum + (day.netSales ?? 0), 0);
  const netLabel = moneyLabel;

  return (
    <figure>
      <div className={LEGEND_CLASS}>
        {showMoney ? (
          <span className="flex items-center gap-2 text-neutral-700">
            <span className="size-3 rounded-sm bg-brand-500" aria-hidden="true" />
            {netLabel} <strong className="tabular-nums">{formatPrice(totalNet)}</strong>
          </span>
        ) : null}
        <span className="flex items-center gap-2 text-neutral-700">
          <span className="h-0.5 w-4 bg-accent-500" aria-hidden="true" />
          {salesReports.figures.ordersPlaced} <strong className="tabular-nums">{totalOrders}</strong>
        </span>
        <span className="ml-auto text-xs text-neutral-500 tabular-nums" aria-live="polite">
          {current
            ? `${shortDate(current.date)}: ${current.orders} order${current.orders === 1 ? "" : "s"}${
                current.netSales !== undefined ? `, ${formatPrice(current.netSales)}` : ""
              }`
            : salesReports.pointAtDay}
        </span>
      </div>
      <div className="relative">
        <section
          ref={scroller}
          className={cx(SCROLLER_CLASS, FOCUS_CLASS)}
          onScroll={follow}
          aria-label={overflows ? salesReports.chartScroller(period) : salesReports.chartRegion(period)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus for the keyboard to scroll it (WCAG 2.1.1).
          tabIndex={0}
        >
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className={SVG_CLASS}
            role="img"
            aria-labelledby={titleId}
            onMouseLeave={() => setHover(null)}
          >
            <title id={titleId}>
              {`${period}: ${totalOrders} orders placed${showMoney ? `, ${formatPrice(totalNet)} ${netLabel.toLowerCase()}` : ""}`}
            </title>
            {ticks.map((t) => {
              const y = zeroY - t * stepH;
              return (
                <g key={t}>
                  <line
                    x1={PAD.left}
                    x2={WIDTH - PAD.right}
                    y1={y}
                    y2={y}
                    className={t === 0 && stepsDown > 0 ? "stroke-neutral-400" : "stroke-neutral-200"}
                  />
                  {showMoney ? (
                    <text
                      x={PAD.left - 8}
                      y={y + 4}
                      textAnchor="end"
                      className="fill-neutral-500 text-[11px]"
                    >
                      {formatCompactPrice(step * t)}
                    </text>
                  ) : null}
                  {t >= 0 ? (
                    <text x={WIDTH - PAD.right + 8} y={y + 4} className="fill-neutral-500 text-[11px]">
                      {ordersStep * t}
                    </text>
                  ) : null}
                </g>
              );
            })}
            {days.map((day, i) => {
              const net = day.netSales ?? 0;
              return (
                <g key={day.date}>
                  {showMoney && net !== 0 ? (
                    <rect
                      x={x(i) - barW / 2}
                      width={barW}
                      y={Math.min(yMoney(net), zeroY)}
                      height={Math.abs(yMoney(net) - zeroY)}
                      rx={2}
                      className={
                        net < 0
                          ? hover === i
                            ? "fill-danger-700"
                            : "fill-danger-600"
                          : hover === i
                            ? "fill-brand-600"
                            : "fill-brand-400"
                      }
                    />
                  ) : null}
                  {i % labelEvery === 0 || i === days.length - 1 ? (
                    <text
                      x={x(i)}
                      y={HEIGHT - 8}
                      textAnchor="middle"
                      className="fill-neutral-500 text-[11px]"
                    >
                      {shortDate(day.date)}
                    </text>
                  ) : null}
                  {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only hint; the totals are in the title and legend. */}
                  <rect
                    x={x(i) - slot / 2}
                    width={slot}
                    y={PAD.top}
                    height={innerH}
                    fill="transparent"
                    onMouseEnter={() => setHover(i)}
                  />
                </g>
              );
            })}
            <path d={line} fill="none" strokeWidth={2} className="stroke-accent-500" strokeLinejoin="round" />
            {days.map((day, i) =>
              day.orders > 0 ? (
                <circle
                  key={day.date}
                  cx={x(i)}
                  cy={yOrders(day.orders)}
                  r={hover === i ? 4 : 2.5}
                  className="fill-accent-500"
                />
              ) : null,
            )}
          </svg>
        </section>
        {/* The days scrolled out of view to the left fade out at the edge. */}
        <div
          aria-hidden="true"
          className={cx(
            "pointer-events-none absolute inset-y-0 -left-4 w-10 bg-gradient-to-r from-white to-transparent transition-opacity sm:left-0",
            earlier ? "opacity-100" : "opacity-0",
          )}
        />
      </div>
      {overflows ? <p className="mt-1 text-xs text-neutral-500">{salesReports.chartEarlierDays}</p> : null}
    </figure>
  );
}

/** The chart's place while its days load: its legend line and its drawing's size, so nothing moves. */
export function SalesChartSkeleton() {
  return (
    <div aria-hidden="true">
      <div className={LEGEND_CLASS}>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-20" />
      </div>
      <div className={SCROLLER_CLASS}>
        <Skeleton className={`${SVG_CLASS} aspect-[720/240]`} />
      </div>
    </div>
  );
}
