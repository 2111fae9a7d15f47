import { useShopName } from "#web/lib/shop-settings";
import { cx } from "../lib/cx";

/** The shop's mark and name. Wrap it in a link to '/' where it should lead home. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const shopName = useShopName();
  return (
    <span className={cx("inline-flex items-center gap-2", className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className={inverted ? "fill-white" : "fill-brand-700"} />
        <path
          d="M9 12h14l-1.4 11.2a2 2 0 0 1-2 1.8h-7.2a2 2 0 0 1-2-1.8Z"
          className={inverted ? "fill-brand-700" : "fill-white"}
        />
        <path
          d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
          className={inverted ? "stroke-brand-700" : "stroke-white"}
        />
      </svg>
      <span className={cx("text-xl font-bold tracking-tight", inverted ? "text-white" : "text-neutral-900")}>
        {shopName}
      </span>
    </span>
  );
}
