import { formatPrice } from "@shop/shared/pricing";
import type { SalesDayDto } from "@shop/shared/schemas/stats";
import { useId, useState } from "react";

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 48, bottom: 28, left: 56 };

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number, floor: number): number {
  if (value <= floor) return floor;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((f) => f * power >= value) ?? 10;
  return step * power;
}

function shortDate(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

function compactMoney(value: number) {
  return value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${Math.round(value)}`;
}

/**
 * Revenue (bars, left axis) and orders (line, right axis) per day, drawn as plain SVG: no chart
 * library, so the dashboard chunk stays small. Managers get no revenue, and see the orders alone.
 */
export function SalesChart({ days }: { days: SalesDayDto[] }) {
  const titleId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const showRevenue = days.some((day) => day.revenue !== undefined);
  // The floors keep the quarter ticks whole numbers on quiet months.
  const maxRevenue = niceMax(Math.max(...days.map((day) => day.revenue ?? 0)), 100);
  const maxOrders = niceMax(Math.max(...days.map((day) => day.orders)), 4);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(days.length, 1);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yRevenue = (v: number) => PAD.top + innerH - (v / maxRevenue) * innerH;
  const yOrders = (v: number) => PAD.top + innerH - (v / maxOrders) * innerH;
  const line = days
    .map((day, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${yOrders(day.orders).toFixed(1)}`)
    .join(" ");
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const labelEvery = Math.ceil(days.length / 6);
  const current = hover !== null ? days[hover] : undefined;
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = days.reduce((sum, day) => sum + (day.revenue ?? 0), 0);

  return (
    <figure>
      <div className="mb-3 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
        {showRevenue ? (
          <span className="flex items-center gap-2 text-neutral-700">
            <span className="size-3 rounded-sm bg-brand-500" aria-hidden="true" />
            Revenue <strong className="tabular-nums">{formatPrice(totalRevenue)}</strong>
          </span>
        ) : null}
        <span className="flex items-center gap-2 text-neutral-700">
          <span className="h-0.5 w-4 bg-accent-500" aria-hidden="true" />
          Orders <strong className="tabular-nums">{totalOrders}</strong>
        </span>
        <span className="ml-auto text-xs text-neutral-500 tabular-nums" aria-live="polite">
          {current
            ? `${shortDate(current.date)}: ${current.orders} order${current.orders === 1 ? "" : "s"}${
                current.revenue !== undefined ? `, ${formatPrice(current.revenue)}` : ""
              }`
            : "Point at a day for its figures"}
        </span>
      </div>
      {/* NOTE: on a phone the chart scrolls sideways rather than shrinking its labels to nothing. */}
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[36rem]"
          role="img"
          aria-labelledby={titleId}
          onMouseLeave={() => setHover(null)}
        >
          <title id={titleId}>
            {`Last ${days.length} days: ${totalOrders} orders${showRevenue ? `, ${formatPrice(totalRevenue)} revenue` : ""}`}
          </title>
          {ticks.map((t) => {
            const y = PAD.top + innerH - t * innerH;
            return (
              <g key={t}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-neutral-200" />
                {showRevenue ? (
                  <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-neutral-500 text-[11px]">
                    {compactMoney(maxRevenue * t)}
                  </text>
                ) : null}
                <text x={WIDTH - PAD.right + 8} y={y + 4} className="fill-neutral-500 text-[11px]">
                  {Math.round(maxOrders * t)}
                </text>
              </g>
            );
          })}
          {days.map((day, i) => (
            <g key={day.date}>
              {showRevenue && (day.revenue ?? 0) > 0 ? (
                <rect
                  x={x(i) - slot * 0.35}
                  width={slot * 0.7}
                  y={yRevenue(day.revenue ?? 0)}
                  height={PAD.top + innerH - yRevenue(day.revenue ?? 0)}
                  rx={2}
                  className={hover === i ? "fill-brand-600" : "fill-brand-400"}
                />
              ) : null}
              {i % labelEvery === 0 || i === days.length - 1 ? (
                <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-neutral-500 text-[11px]">
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
          ))}
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
      </div>
    </figure>
  );
}
