import { deliveryCheck } from "@shop/shared/messages";
import { type ComponentType, lazy, Suspense, startTransition, useEffect, useState } from "react";
import type { CheckDeliveryFormProps } from "./check-delivery-form";
import { Skeleton } from "./skeleton";

const CheckDeliveryForm = lazy<ComponentType<CheckDeliveryFormProps>>(() =>
  import("./check-delivery-form").then(
    (m) => ({ default: m.CheckDeliveryForm }),
    // NOTE: the check is an aid: when its code cannot be fetched (offline, a release replaced it), the
    // page stays as it is without it rather than failing whole.
    () => ({ default: () => null }),
  ),
);

/** Runs `task` once the browser is idle after the page's first work (soon after, where it cannot say). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

interface CheckDeliveryProps {
  /** The product page's product: the answer is about it. */
  product?: string | undefined;
  className?: string | undefined;
}

/**
 * "Check delivery" on the product page and in the cart (check-delivery-form.tsx). Its code is not
 * part of a page's first load (apps/web/budgets.json): it is fetched once the browser is idle after
 * it, and the field takes the place of a stand-in of its size (the heading, the field's row greyed,
 * the answer's room), so that nothing moves.
 */
export function CheckDelivery({ product, className }: CheckDeliveryProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setWanted(true))), []);

  // NOTE: the sizes of check-delivery-form.tsx's frame: heading, field row (mt-2 h-10), answer (mt-2 min-h-11).
  const standIn = (
    <section aria-label={deliveryCheck.title} aria-busy="true" className={className}>
      <h2 className="text-sm font-semibold text-neutral-900">{deliveryCheck.title}</h2>
      <Skeleton className="mt-2 h-10 rounded-control sm:max-w-64" />
      <div className="mt-2 min-h-11" />
    </section>
  );
  return (
    <Suspense fallback={standIn}>
      {wanted ? <CheckDeliveryForm product={product} className={className} /> : standIn}
    </Suspense>
  );
}
