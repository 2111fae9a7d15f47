import { cx } from "../lib/cx";

/** A grey placeholder with the size of the content it stands for, so nothing moves when it arrives. */
export function Skeleton({ className, tone = "light" }: { className?: string; tone?: "light" | "dark" }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "block animate-pulse rounded",
        tone === "dark" ? "bg-neutral-700" : "bg-neutral-200",
        className,
      )}
    />
  );
}
