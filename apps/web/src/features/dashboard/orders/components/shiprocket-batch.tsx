import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { shiprocketBatch as words } from "@shop/shared/messages";
import { COURIER_RULES, type CourierRule } from "@shop/shared/schemas/parcel";
import { MAX_BATCH_ORDERS, type ShiprocketBatchDto } from "@shop/shared/schemas/shiprocket";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { SelectField } from "#web/components/select-field";
import { useSettings } from "#web/features/dashboard/settings/api/get-settings";
import { errorMessage } from "#web/lib/api";
import { useShipBatch } from "../api/shiprocket-batch";

/** The orders chosen on Ready to Ship, across its pages, at most MAX_BATCH_ORDERS. */
export function useBatchSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (orderId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else if (next.size < MAX_BATCH_ORDERS) next.add(orderId);
      return next;
    });
  return { selected, toggle, full: selected.size >= MAX_BATCH_ORDERS, clear: () => setSelected(new Set()) };
}
export type BatchSelection = ReturnType<typeof useBatchSelection>;

/**
 * Ready to Ship's batch (staff): the chosen orders booked through Shiprocket at once, each with the
 * courier the rule picks (the owner's rule in Settings when this viewer may read it, else the
 * cheapest), then what came of it: the labels and manifest of those shipped, and why the others were not.
 */
export function ShiprocketBatch({ selection }: { selection: BatchSelection }) {
  // A manager may not read the settings: their 403 leaves the cheapest.
  const settingsRule = useSettings().data?.shipping.shiprocket.courierRule;
  const [rule, setRule] = useState<CourierRule | null>(null);
  const batch = useShipBatch();
  const chosenRule = rule ?? settingsRule ?? "cheapest";
  const count = selection.selected.size;

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-end gap-3 rounded-control bg-neutral-50 p-3">
        <SelectField
          label={words.rule}
          value={chosenRule}
          onChange={(event) => setRule(COURIER_RULES.find((value) => value === event.target.value) ?? null)}
        >
          {COURIER_RULES.map((value) => (
            <option key={value} value={value}>
              {words.rules[value]}
            </option>
          ))}
        </SelectField>
        <Button
          disabled={count === 0}
          loading={batch.isPending}
          onClick={() =>
            batch.mutate(
              { orders: [...selection.selected], rule: chosenRule },
              { onSuccess: () => selection.clear() },
            )
          }
        >
          {words.submit}
        </Button>
        <p className="text-sm text-neutral-700 tabular-nums" aria-live="polite">
          {words.selected(count)}
          {selection.full ? <span className="block text-xs">{words.max(MAX_BATCH_ORDERS)}</span> : null}
        </p>
      </div>
      {batch.isError ? <ErrorState message={errorMessage(batch.error)} /> : null}
      {batch.data ? <BatchResult result={batch.data} onDismiss={() => batch.reset()} /> : null}
    </div>
  );
}

function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses({ variant: "secondary", size: "sm" })}
    >
      {label}
      <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
    </a>
  );
}

/** What a batch did: how many shipped with their labels and manifest, and each order not shipped with why. */
function BatchResult({ result, onDismiss }: { result: ShiprocketBatchDto; onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="shiprocket-batch-result"
      className="space-y-3 rounded-control p-3 ring-1 ring-neutral-200 ring-inset"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="shiprocket-batch-result" className="text-sm font-semibold text-neutral-900">
          {words.resultTitle}
        </h3>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {words.dismiss}
        </Button>
      </div>
      <p role="status" className="text-sm text-neutral-800">
        {words.shipped(result.shipped.length)}
      </p>
      {result.labelsPdf || result.manifestPdf ? (
        <div className="flex flex-wrap gap-2">
          {result.labelsPdf ? <PdfLink href={result.labelsPdf} label={words.openLabels} /> : null}
          {result.manifestPdf ? <PdfLink href={result.manifestPdf} label={words.openManifest} /> : null}
        </div>
      ) : null}
      {result.failed.length > 0 ? (
        <div>
          <h4 className="text-sm font-medium text-danger-700">{words.failedTitle}</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {result.failed.map((failure) => (
              <li key={failure.order}>
                <Link
                  to={`/dashboard/orders/order/${failure.order}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {words.failedOrder(failure.number)}
                </Link>
                <span className="text-neutral-700">: {failure.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
