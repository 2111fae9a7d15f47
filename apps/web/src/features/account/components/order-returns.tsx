import { MAX_RETURN_NOTE, RETURN_REASONS, type ReturnReason } from "@shop/shared/constants";
import { returnWords as words } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useId, useMemo, useState } from "react";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { orderLineLabel } from "#web/components/option-values";
import { SelectField } from "#web/components/select-field";
import { StatusBadge } from "#web/components/status-badge";
import { TextArea } from "#web/components/text-area";
import { errorMessage } from "#web/lib/api";
import { useConfig } from "#web/lib/config";
import { formatDateTime } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";
import { useRequestReturn } from "../api/request-return";

const DAY_MS = 24 * 60 * 60 * 1000;
const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";

/** Units of each line the shopper may still ask back: delivered within the window, less those already asked back. */
export function returnable(order: OrderDto, windowDays: number, now = Date.now()) {
  const open = new Map<string, number>();
  const delivered = new Map<string, number>();
  for (const shipment of order.shipments) {
    if (!shipment.deliveredAt) continue;
    const inWindow = now <= Date.parse(shipment.deliveredAt) + windowDays * DAY_MS;
    for (const line of shipment.lines) {
      delivered.set(line.line, (delivered.get(line.line) ?? 0) + line.quantity);
      if (inWindow) open.set(line.line, (open.get(line.line) ?? 0) + line.quantity);
    }
  }
  const asked = new Map<string, number>();
  for (const ret of order.returns)
    if (ret.status !== "rejected")
      for (const line of ret.lines) asked.set(line.line, (asked.get(line.line) ?? 0) + line.quantity);
  return order.products
    .map((line) => ({
      line,
      most: Math.max(
        0,
        Math.min(open.get(line._id) ?? 0, (delivered.get(line._id) ?? 0) - (asked.get(line._id) ?? 0)),
      ),
    }))
    .filter((entry) => entry.most > 0);
}

/** The order's returns with their status, and the form to return delivered units while the window is open. */
export function OrderReturns({ order }: { order: OrderDto }) {
  const id = useId();
  const config = useConfig();
  const windowDays = config.data?.returnWindowDays ?? 0;
  const lines = useMemo(() => returnable(order, windowDays), [order, windowDays]);
  if (order.returns.length === 0 && lines.length === 0) return null;
  const names = new Map(order.products.map((line) => [line._id, orderLineLabel(line)]));
  return (
    <section aria-labelledby={`${id}-returns`} className={cardClass}>
      <h2 id={`${id}-returns`} className="text-lg font-semibold text-neutral-900">
        {words.title}
      </h2>
      {order.returns.length > 0 ? (
        <ul className="mt-3 divide-y divide-neutral-100">
          {order.returns.map((ret) => (
            <li key={ret._id} className="space-y-1 py-3 text-sm first:pt-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <StatusBadge kind="return" status={ret.status} />
                <time dateTime={ret.createdAt} className="text-neutral-500">
                  {formatDateTime(ret.createdAt)}
                </time>
              </div>
              <ul className="text-neutral-700">
                {ret.lines.map((line) => (
                  <li key={line.line}>{words.line(line.quantity, names.get(line.line) ?? "")}</li>
                ))}
              </ul>
              <p className="text-neutral-600">
                {words.reasons[ret.reason]} · {formatPrice(ret.amount, order.currency)}
              </p>
              {ret.message ? (
                <p className="break-words text-neutral-700">{words.yourMessage(ret.message)}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length > 0 ? <ReturnForm order={order} lines={lines} windowDays={windowDays} /> : null}
    </section>
  );
}

function ReturnForm({
  order,
  lines,
  windowDays,
}: {
  order: OrderDto;
  lines: ReturnType<typeof returnable>;
  windowDays: number;
}) {
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason>("wrong_size");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useRequestReturn(order._id);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const picked = lines
      .map(({ line }) => ({ line: line._id, quantity: units[line._id] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (picked.length === 0) {
      setProblem(words.nothingChosen);
      return;
    }
    setProblem(null);
    ask.mutate(
      { order: order._id, lines: picked, reason, note },
      {
        onSuccess: () => {
          setUnits({});
          setNote("");
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4 border-t border-neutral-100 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-neutral-900">{words.formTitle}</h3>
        <p className="mt-1 text-sm text-neutral-600">{words.formHint(windowDays)}</p>
      </div>
      <ul className="divide-y divide-neutral-100">
        {lines.map(({ line, most }) => (
          <li key={line._id} className="flex items-center justify-between gap-4 py-2">
            <label htmlFor={`return-${line._id}`} className="min-w-0 text-sm text-neutral-800">
              {words.unitsLabel(orderLineLabel(line), most)}
            </label>
            <input
              id={`return-${line._id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={most}
              step={1}
              value={units[line._id] ?? 0}
              onChange={(event) =>
                setUnits((current) => ({
                  ...current,
                  [line._id]: Math.max(0, Math.min(most, Math.trunc(Number(event.target.value) || 0))),
                }))
              }
              className="h-10 w-20 shrink-0 rounded-control border-0 px-3 text-right text-sm tabular-nums ring-1 ring-neutral-300 ring-inset focus:ring-2 focus:ring-brand-600"
            />
          </li>
        ))}
      </ul>
      <SelectField
        label={words.reason}
        value={reason}
        onChange={(event) => setReason(RETURN_REASONS.find((r) => r === event.target.value) ?? "wrong_size")}
      >
        {RETURN_REASONS.map((option) => (
          <option key={option} value={option}>
            {words.reasons[option]}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={words.note}
        hint={words.noteHint}
        rows={3}
        maxLength={MAX_RETURN_NOTE}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {problem ? (
        <p className="text-sm font-medium text-danger-700" role="alert">
          {problem}
        </p>
      ) : null}
      {ask.isError ? <ErrorState message={errorMessage(ask.error)} prefix={false} /> : null}
      <Button type="submit" loading={ask.isPending}>
        {words.submit}
      </Button>
    </form>
  );
}
