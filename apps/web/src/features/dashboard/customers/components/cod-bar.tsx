import { NoSymbolIcon } from "@heroicons/react/20/solid";
import { customerPage, shipmentWords } from "@shop/shared/messages";
import type { CodBarDto } from "@shop/shared/schemas/user";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { ConfirmDialog } from "#web/features/dashboard/components/confirm-dialog";
import { formatDate } from "#web/lib/dates";
import { useLiftCodBar } from "../api/lift-cod-bar";

/**
 * The customer's cash on delivery bar (a parcel of theirs came back refused): its reason, date and
 * order, and Lift, asked first; the bar goes and an activity entry keeps it.
 */
export function CodBar({ userId, name, bar }: { userId: string; name: string; bar: CodBarDto }) {
  const [asking, setAsking] = useState(false);
  const lift = useLiftCodBar(userId);
  return (
    <section
      aria-labelledby="cod-bar-title"
      className="flex flex-col gap-3 rounded-card bg-warning-50 px-4 py-4 ring-1 ring-warning-100 sm:flex-row sm:items-center sm:px-6"
    >
      <NoSymbolIcon aria-hidden="true" className="hidden size-5 shrink-0 text-warning-700 sm:block" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="cod-bar-title" className="font-semibold text-warning-700">
          {customerPage.codBarTitle}
        </h2>
        <p className="mt-1 text-neutral-800">
          {customerPage.codBar(shipmentWords.rtoReasons[bar.reason], formatDate(bar.since))}
          {bar.order && bar.orderNumber !== null ? (
            <>
              {" "}
              <Link
                to={`/dashboard/orders/order/${bar.order}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {customerPage.codBarOrder(bar.orderNumber)}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="self-start sm:self-center"
        onClick={() => setAsking(true)}
      >
        {customerPage.liftCodBar}
      </Button>
      <ConfirmDialog
        open={asking}
        title={customerPage.liftCodBarTitle}
        confirmLabel={customerPage.liftCodBar}
        pending={lift.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => lift.mutate(undefined, { onSettled: () => setAsking(false) })}
      >
        {customerPage.liftCodBarQuestion(name)}
      </ConfirmDialog>
    </section>
  );
}
