import { CheckIcon } from "@heroicons/react/20/solid";
import { cx } from "../lib/cx";

const STEPS = ["Cart", "Shipping", "Checkout", "Payment"] as const;
export type CheckoutStep = (typeof STEPS)[number];

/** Where the shopper is in the buying journey (SPEC section 4: cart, address, checkout, pay). */
export function CheckoutSteps({ current, className }: { current: CheckoutStep; className?: string }) {
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav aria-label="Checkout steps" className={className}>
      <ol className="flex items-center gap-1.5 text-xs font-medium sm:gap-3 sm:text-sm">
        {STEPS.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <li key={step} className="flex items-center gap-1.5 sm:gap-3">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cx("h-px w-3 sm:w-8", done || active ? "bg-brand-600" : "bg-neutral-300")}
                />
              ) : null}
              <span
                aria-current={active ? "step" : undefined}
                className={cx(
                  "inline-flex items-center gap-1",
                  active ? "text-brand-700" : done ? "text-neutral-800" : "text-neutral-500",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    "flex size-5 items-center justify-center rounded-full text-[11px] font-semibold sm:size-6 sm:text-xs",
                    active
                      ? "bg-brand-600 text-white"
                      : done
                        ? "bg-brand-100 text-brand-700"
                        : "bg-neutral-200 text-neutral-600",
                  )}
                >
                  {done ? <CheckIcon className="size-3.5" /> : index + 1}
                </span>
                {/* On a phone only the current step is named; the others keep their number. */}
                <span className={active ? undefined : "sr-only sm:not-sr-only"}>{step}</span>
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
