import { MinusIcon, PlusIcon } from "@heroicons/react/20/solid";
import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_REFUND_REASON } from "@shop/shared/constants";
import {
  api as apiMessages,
  storeCreditStaff as creditWords,
  inCurrency,
  validation,
  refunds as words,
} from "@shop/shared/messages";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { REFUND_DESTINATIONS, type RefundDestination, RefundInput } from "@shop/shared/schemas/refund";
import { type ComponentProps, useId, useMemo, useRef, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { formatOptionValues, orderLineLabel } from "#web/components/option-values";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import { type ApiError, errorMessage, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { formatPrice, useCurrencySymbol } from "#web/lib/money";
import { useRefundOrder } from "../api/refund-order";
import { type Refundable, refundable, refundOf, splitOf } from "../refundable";
import { RefundReferenceField } from "./refund-reference-field";
import { RefundSplitParts } from "./refund-split-parts";

/** The dialog's values: by the goods (units of each line left, shipping, the COD fee) or by an amount (goodwill). */
interface RefundFormValues {
  byAmount: boolean;
  /** Units of each of `refundable(order).lines`, in its order. */
  units: number[];
  shipping: boolean;
  codFee: boolean;
  restock: boolean;
  amount: number;
  reason: string;
  reference: string;
  /** Where the money goes: back to the payment, to the shopper's store credit (decision 042), or split. */
  to: RefundDestination;
  /** A split's store credit part as staff typed it; empty (NaN): each tender back to where it came from. */
  toStoreCredit: number;
}

const NUMBER_OR_EMPTY = z.union([z.number(), z.nan()]);

/**
 * The form's own schema: the API's rules, with each line's units bounded by what is left of it, at
 * least something chosen, the goodwill amount bounded by what remains of the payment, and a
 * reference required when the money goes back by hand (cash on delivery).
 */
function refundForm(left: Refundable, manual: boolean, currency: string) {
  return z
    .object({
      byAmount: z.boolean(),
      units: z.array(NUMBER_OR_EMPTY),
      shipping: z.boolean(),
      codFee: z.boolean(),
      restock: z.boolean(),
      amount: NUMBER_OR_EMPTY,
      reason: RefundInput.shape.reason,
      reference: z.string().trim().max(120, validation.maxLength(120)),
      to: z.enum(REFUND_DESTINATIONS),
      toStoreCredit: NUMBER_OR_EMPTY,
    })
    .superRefine((values, context) => {
      // A split's part: empty (each back where it came from), or an amount of money not below nothing.
      if (values.to === "split" && !Number.isNaN(values.toStoreCredit)) {
        const cents = Math.round(values.toStoreCredit * 100);
        if (values.toStoreCredit < 0 || Math.abs(cents - values.toStoreCredit * 100) > 1e-6)
          context.addIssue({ code: "custom", path: ["toStoreCredit"], message: validation.refundSplitPart });
      }
      // Store credit needs no way back named: only money given back by hand does.
      if (manual && values.to === "payment" && values.reference.length === 0)
        context.addIssue({
          code: "custom",
          path: ["reference"],
          message: apiMessages.refundReferenceRequired,
        });
      if (values.byAmount) {
        const amount = RefundInput.shape.amount.safeParse(values.amount);
        const issue = amount.success
          ? toCents(values.amount) > toCents(left.remaining)
            ? apiMessages.refundTooMuch(formatPrice(left.remaining, currency))
            : null
          : (amount.error.issues[0]?.message ?? validation.number);
        if (issue) context.addIssue({ code: "custom", path: ["amount"], message: issue });
        return;
      }
      values.units.forEach((quantity, index) => {
        const most = left.lines[index]?.left ?? 0;
        const message =
          !Number.isInteger(quantity) || quantity < 0
            ? validation.number
            : quantity > most
              ? apiMessages.refundLineTooMany(most)
              : null;
        if (message) context.addIssue({ code: "custom", path: ["units", index], message });
      });
      if (!values.units.some((quantity) => quantity > 0) && !values.shipping && !values.codFee)
        context.addIssue({ code: "custom", path: ["units"], message: apiMessages.refundLinesEmpty });
    });
}

const asNumber = (value: unknown) => (value === "" || value === null ? Number.NaN : Number(value));

/**
 * Where a server's field error goes in the form: `lines.N.quantity` (and `restock.N.quantity`, the
 * same units going back to stock) at the line the request's Nth line came from; null for one the
 * form does not show (it is said under the form instead).
 */
function formPathOf(path: string, sent: readonly number[], byAmount: boolean): Path<RefundFormValues> | null {
  const line = /^(?:lines|restock)\.(\d+)\.(?:quantity|line)$/.exec(path);
  if (line) {
    const index = sent[Number(line[1])];
    return index === undefined ? null : `units.${index}`;
  }
  if (path === "lines") return "units";
  if (path === "amount") return byAmount ? "amount" : null;
  if (
    path === "shipping" ||
    path === "codFee" ||
    path === "reason" ||
    path === "reference" ||
    path === "to" ||
    path === "toStoreCredit"
  )
    return path;
  return null;
}

interface RefundDialogProps {
  order: OrderDto;
  onClose: () => void;
  /**
   * Opened by choosing "Refunded" as the status: it says so, the reason is filled in, everything left
   * is chosen (the payment's rest), and the units of an order that never left (processing) are set to
   * go back to stock, as the status alone would do.
   */
  byStatus?: boolean;
}

/**
 * Refund dialog (admin): the units of each line that come back, shipping and the COD fee, whether the
 * units go back to stock, and the reason; the amount is worked out as the server will (refundable.ts)
 * and named on the confirm button. "Refund an amount instead" gives a goodwill amount without goods.
 * An order partly paid by store credit offers each part back to where it came from (store credit's
 * to credit, the rest to the payment), in one refund. One Idempotency-Key per attempt, kept until it
 * succeeds, across the dialog closed and opened again, and new once what is sent changes
 * (useRefundOrder): a retry after a failure or a timeout refunds once.
 */
export function RefundDialog({ order, onClose, byStatus = false }: RefundDialogProps) {
  const left = useMemo(() => refundable(order), [order]);
  // Cash on delivery has no provider to send it back: staff do, and name how.
  const manual = order.payment?.paymentGateway === "cod";
  const creditOnly = order.payment?.paymentGateway === "store_credit";
  // Partly paid by store credit: each tender can go back to where it came from, in one refund.
  const partlyCredit = !creditOnly && !manual && toCents(order.storeCreditUsed) > 0;
  const destinations = REFUND_DESTINATIONS.filter((destination) => destination !== "split" || partlyCredit);
  const schema = useMemo(() => refundForm(left, manual, order.currency), [left, manual, order.currency]);
  const money = (amount: number) => formatPrice(amount, order.currency);
  const symbol = useCurrencySymbol(order.currency);
  const defaultValues = useMemo((): RefundFormValues => {
    const everything = {
      units: left.lines.map((entry) => entry.left),
      shipping: left.shipping > 0,
      codFee: left.codFee > 0,
    };
    const whole = refundOf(left.creditables, {
      lines: left.lines.map((entry) => ({ line: entry.line._id, quantity: entry.left })),
      shipping: everything.shipping,
      codFee: everything.codFee,
    });
    // NOTE: "Refunded" gives back what remains; should the goods left not come to it (an order from
    // before credit notes by the goods), the remaining amount goes back by value instead.
    const goodsAreTheRest = whole.ok && whole.total === toCents(left.remaining);
    const nothingLeft = left.lines.length === 0 && left.shipping === 0 && left.codFee === 0;
    return {
      byAmount: nothingLeft || (byStatus && !goodsAreTheRest),
      units: byStatus ? everything.units : left.lines.map(() => 0),
      shipping: byStatus && everything.shipping,
      codFee: byStatus && everything.codFee,
      restock: byStatus && order.status === "processing",
      amount: left.remaining,
      reason: byStatus ? words.wholeOrderReason : "",
      reference: "",
      // An order paid all from credit has no provider to give back through: its credit; one paid
      // partly by credit gives each part back to where it came from.
      to: creditOnly ? "store_credit" : partlyCredit ? "split" : "payment",
      toStoreCredit: Number.NaN,
    };
  }, [left, byStatus, order.status, creditOnly, partlyCredit]);
  // The provider took it to pay out later, or its answer is being checked (202): the dialog says
  // so, in the server's words, instead of closing with a toast.
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);
  // The form's line of each line sent, to put the server's `lines.N` errors at their line.
  const sent = useRef<number[]>([]);
  // NOTE: the Refund button's attempts and the status's (a whole refund) keep keys of their own.
  const refund = useRefundOrder(order._id, `refund:${order._id}:${byStatus ? "status" : "button"}`);
  const { register, handleSubmit, setError, setValue, formState, watch } = useForm<RefundFormValues>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const [byAmount, units, shipping, codFee, amount, to, typedPart] = watch([
    "byAmount",
    "units",
    "shipping",
    "codFee",
    "amount",
    "to",
    "toStoreCredit",
  ]);
  const chosen = left.lines.map((entry, index) => ({
    line: entry.line._id,
    quantity: Number.isInteger(units[index]) ? (units[index] ?? 0) : 0,
  }));
  const credit = refundOf(left.creditables, { lines: chosen, shipping, codFee });
  const total = byAmount
    ? Number.isFinite(amount) && amount > 0
      ? toCents(amount)
      : 0
    : credit.ok
      ? credit.total
      : 0;

  const onSubmit = handleSubmit((values) => {
    const lines = left.lines
      .map((entry, index) => ({ line: entry.line._id, quantity: values.units[index] ?? 0, index }))
      .filter((line) => line.quantity > 0);
    sent.current = lines.map((line) => line.index);
    const chosenCredit = refundOf(left.creditables, {
      lines: lines.map(({ line, quantity }) => ({ line, quantity })),
      shipping: values.shipping,
      codFee: values.codFee,
    });
    const whole = values.byAmount ? toCents(values.amount) : chosenCredit.ok ? chosenCredit.total : 0;
    // A split all one way is a refund to that one: the server takes a split of two parts only.
    const split = values.to === "split" ? splitOf(order, whole, values.toStoreCredit) : undefined;
    const to =
      values.to === "store_credit" || (split && split.toPayment === 0)
        ? "store_credit"
        : split && split.toStoreCredit > 0
          ? "split"
          : "payment";
    const reference =
      to === "store_credit"
        ? { to: "store_credit" as const }
        : to === "split"
          ? { to: "split" as const, toStoreCredit: fromCents(split?.toStoreCredit ?? 0) }
          : manual
            ? { reference: values.reference }
            : {};
    const input: RefundInput = values.byAmount
      ? { amount: values.amount, reason: values.reason, ...reference }
      : {
          lines: lines.map(({ line, quantity }) => ({ line, quantity })),
          shipping: values.shipping,
          codFee: values.codFee,
          restock: values.restock,
          reason: values.reason,
          ...reference,
        };
    refund.mutate(input, {
      onSuccess: ({ pending, message }) =>
        pending ? setPendingMessage(message || apiMessages.refundPending) : onClose(),
      onError: (error) => {
        if (!isApiError(error)) return;
        let first = true;
        for (const [path, message] of Object.entries(error.errors)) {
          const field = formPathOf(path, sent.current, values.byAmount);
          if (!field) continue;
          setError(field, { type: "server", message }, { shouldFocus: first });
          first = false;
        }
      },
    });
  });
  const placed = (error: ApiError) =>
    Object.keys(error.errors).some((path) => formPathOf(path, sent.current, byAmount) !== null);
  const unitsError = formState.errors.units?.message ?? formState.errors.units?.root?.message;

  /** A line's units, one up or down, kept between 0 and what is left. */
  const step = (index: number, by: number) => {
    const most = left.lines[index]?.left ?? 0;
    const now = Number.isInteger(units[index]) ? (units[index] ?? 0) : 0;
    setValue(`units.${index}`, Math.min(most, Math.max(0, now + by)), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };

  if (pendingMessage !== null) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={words.title}
        footer={<Button onClick={onClose}>{words.close}</Button>}
      >
        <p role="status" className="text-sm text-neutral-700">
          {pendingMessage}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={words.title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {words.cancel}
          </Button>
          <Button type="submit" form="refund-form" loading={refund.isPending}>
            {total > 0 ? words.submitAmount(money(fromCents(total))) : words.submit}
          </Button>
        </>
      }
    >
      <form id="refund-form" onSubmit={onSubmit} noValidate className="space-y-5">
        {byStatus ? <p className="text-sm text-neutral-700">{words.byStatus}</p> : null}
        {byAmount ? (
          <TextField
            label={inCurrency(words.amount, symbol)}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={left.remaining}
            hint={words.amountHint(money(left.remaining))}
            error={formState.errors.amount?.message}
            {...register("amount", { setValueAs: asNumber })}
          />
        ) : (
          <fieldset>
            <legend className="text-sm font-medium text-neutral-900">{words.linesTitle}</legend>
            <p className="mt-1 text-sm text-neutral-600">{words.linesHint}</p>
            <ul className="mt-2 divide-y divide-neutral-100">
              {left.lines.map(({ line, left: most, each }, index) => {
                const id = `refund-units-${line._id}`;
                const error = formState.errors.units?.[index]?.message;
                const quantity = Number.isInteger(units[index]) ? (units[index] ?? 0) : 0;
                return (
                  <li key={line._id} className="flex items-center gap-3 py-3">
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-medium text-neutral-900">{line.name}</p>
                      {Object.keys(line.variant.options).length > 0 ? (
                        <p className="text-neutral-700">{formatOptionValues(line.variant.options)}</p>
                      ) : null}
                      <p id={`${id}-left`} className="text-xs text-neutral-600 tabular-nums">
                        {words.unitsLeft(most, money(fromCents(each)))}
                      </p>
                      {error ? (
                        <p id={`${id}-error`} className="text-xs font-medium text-danger-700" role="alert">
                          {error}
                        </p>
                      ) : null}
                    </div>
                    <div
                      className={cx(
                        "inline-flex shrink-0 items-center overflow-hidden rounded-control bg-white shadow-xs ring-1 ring-inset",
                        error ? "ring-danger-600" : "ring-neutral-300",
                      )}
                    >
                      <button
                        type="button"
                        onClick={() => step(index, -1)}
                        disabled={quantity <= 0}
                        aria-label={words.fewerOf(orderLineLabel(line))}
                        className={STEP_CLASS}
                      >
                        <MinusIcon className="size-4" aria-hidden="true" />
                      </button>
                      <input
                        id={id}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={most}
                        step={1}
                        aria-label={words.unitsOf(orderLineLabel(line))}
                        aria-describedby={error ? `${id}-left ${id}-error` : `${id}-left`}
                        aria-invalid={error ? true : undefined}
                        className="h-10 w-12 [appearance:textfield] border-0 bg-transparent p-0 text-center text-sm font-semibold text-neutral-900 tabular-nums focus:ring-2 focus:ring-brand-600 focus:ring-inset [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                        {...register(`units.${index}`, { setValueAs: asNumber })}
                      />
                      <button
                        type="button"
                        onClick={() => step(index, 1)}
                        disabled={quantity >= most}
                        aria-label={words.moreOf(orderLineLabel(line))}
                        className={STEP_CLASS}
                      >
                        <PlusIcon className="size-4" aria-hidden="true" />
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
            {left.shipping > 0 || left.codFee > 0 ? (
              <div className="mt-1 space-y-2 border-t border-neutral-100 pt-3">
                {left.shipping > 0 ? (
                  <Check
                    label={words.shipping(money(fromCents(left.shipping)))}
                    error={formState.errors.shipping?.message}
                    {...register("shipping")}
                  />
                ) : null}
                {left.codFee > 0 ? (
                  <Check
                    label={words.codFee(money(fromCents(left.codFee)))}
                    error={formState.errors.codFee?.message}
                    {...register("codFee")}
                  />
                ) : null}
              </div>
            ) : null}
            {unitsError ? (
              <p className="mt-2 text-xs font-medium text-danger-700" role="alert">
                {unitsError}
              </p>
            ) : null}
            <div className="mt-3 border-t border-neutral-100 pt-3">
              <Check label={words.restockAll} hint={words.restockAllHint} {...register("restock")} />
            </div>
            <p className="mt-3 text-sm font-medium text-neutral-900 tabular-nums" aria-live="polite">
              {credit.ok
                ? words.worksOutTo(
                    money(fromCents(credit.total)),
                    money(
                      fromCents(
                        credit.lines.reduce((sum, line) => sum + line.cgst + line.sgst + line.igst, 0),
                      ),
                    ),
                  )
                : null}
            </p>
          </fieldset>
        )}
        {left.lines.length > 0 || left.shipping > 0 || left.codFee > 0 ? (
          <div className="border-t border-neutral-100 pt-4">
            <StatusToggleField
              label={words.byAmount}
              hint={words.byAmountHint}
              checked={byAmount}
              onChange={(checked) => setValue("byAmount", checked, { shouldValidate: formState.isSubmitted })}
            />
          </div>
        ) : null}
        <TextArea
          label={words.reason}
          rows={2}
          maxLength={MAX_REFUND_REASON}
          error={formState.errors.reason?.message}
          {...register("reason")}
        />
        <fieldset>
          <legend className="text-sm font-medium text-neutral-900">{creditWords.refundTo}</legend>
          <div
            className={cx("mt-2 grid gap-2", destinations.length > 2 ? "sm:grid-cols-3" : "sm:grid-cols-2")}
          >
            {destinations.map((destination) => (
              <label
                key={destination}
                className="flex cursor-pointer items-start gap-2 rounded-control border border-neutral-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
              >
                <input
                  type="radio"
                  value={destination}
                  disabled={creditOnly && destination === "payment"}
                  className="mt-0.5 size-4 text-brand-600 focus:ring-brand-500"
                  {...register("to")}
                />
                <span>
                  <span className="font-medium text-neutral-900">
                    {destination === "payment"
                      ? creditWords.toPayment
                      : destination === "split"
                        ? creditWords.toSplit
                        : creditWords.toStoreCredit}
                  </span>
                  {destination === "store_credit" || destination === "split" ? (
                    <span className="mt-0.5 block text-xs text-neutral-600">
                      {destination === "split" ? creditWords.toSplitHint : creditWords.toStoreCreditHint}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
          {formState.errors.to?.message ? (
            <p className="mt-1 text-sm text-danger-700">{formState.errors.to.message}</p>
          ) : null}
          {to === "split" ? (
            <RefundSplitParts
              order={order}
              total={total}
              typed={typedPart}
              error={formState.errors.toStoreCredit?.message}
              {...register("toStoreCredit", { setValueAs: asNumber })}
            />
          ) : null}
        </fieldset>
        {manual && to === "payment" ? (
          <RefundReferenceField error={formState.errors.reference?.message} {...register("reference")} />
        ) : null}
        {refund.isError && !(isApiError(refund.error) && placed(refund.error)) ? (
          <ErrorState message={errorMessage(refund.error)} prefix={false} />
        ) : null}
      </form>
    </Dialog>
  );
}

const STEP_CLASS =
  "inline-flex size-10 items-center justify-center text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent";

interface CheckProps extends ComponentProps<"input"> {
  label: string;
  hint?: string;
  error?: string | undefined;
}

/** A checkbox with its label, an optional hint and the server's error, both read with it. */
function Check({ label, hint, error, id, ...props }: CheckProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy =
    [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-4 shrink-0 rounded border-neutral-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          {...props}
        />
        <div className="text-sm">
          <label htmlFor={controlId} className="font-medium text-neutral-800">
            {label}
          </label>
          {hint ? (
            <p id={`${controlId}-hint`} className="text-xs text-neutral-500">
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={`${controlId}-error`} className="text-xs font-medium text-danger-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
