import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_REFUND_REASON } from "@shop/shared/constants";
import { api as apiMessages, validation, refunds as words } from "@shop/shared/messages";
import { isTaken } from "@shop/shared/orders";
import { fromCents, toCents } from "@shop/shared/pricing";
import { number } from "@shop/shared/schemas/common";
import type { OrderDto } from "@shop/shared/schemas/order";
import { RefundInput } from "@shop/shared/schemas/refund";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { newIdempotencyKey } from "#web/lib/idempotency";
import { formatPrice } from "#web/lib/money";
import { useRefundOrder } from "../api/refund-order";
import { RefundReferenceField } from "./refund-reference-field";

/** What can still go back: the payment's rest, and the units of each line not yet returned to stock. */
export function refundable(order: OrderDto) {
  const payment = order.payment;
  const remaining = payment ? fromCents(toCents(payment.amount) - toCents(payment.refundedAmount)) : 0;
  const returned = new Map<string, number>();
  for (const refund of payment?.refunds ?? [])
    for (const line of refund.restock)
      returned.set(line.line, (returned.get(line.line) ?? 0) + line.quantity);
  const lines = order.products.map((line) => ({
    line,
    available: line.quantity - (returned.get(line._id) ?? 0),
  }));
  return { remaining, lines };
}

/**
 * The form's own schema: the API's rules, with the amount and each line's units bounded by what can
 * still go back, and a reference required when the money goes back by hand (cash on delivery).
 */
function refundForm(remaining: number, available: readonly number[], manual: boolean) {
  const reference = z
    .string()
    .trim()
    .max(120, validation.maxLength(120))
    .refine((value) => !manual || value.length > 0, apiMessages.refundReferenceRequired);
  return z.object({
    reference,
    amount: RefundInput.shape.amount.refine(
      (amount) => toCents(amount) <= toCents(remaining),
      apiMessages.refundTooMuch(formatPrice(remaining)),
    ),
    reason: RefundInput.shape.reason,
    restock: z
      .array(z.object({ line: z.string(), quantity: number({ min: 0, int: true }) }))
      .superRefine((lines, context) =>
        lines.forEach((line, index) => {
          const most = available[index] ?? 0;
          if (line.quantity > most)
            context.addIssue({
              code: "custom",
              path: [index, "quantity"],
              message: most > 0 ? validation.max(most) : apiMessages.refundRestockTooMany(0),
            });
        }),
      ),
  });
}
type RefundFormValues = z.infer<ReturnType<typeof refundForm>>;

const asNumber = (value: unknown) => (value === "" || value === null ? Number.NaN : Number(value));

/** "Trail Tee (Size: M · Colour: Black)": a line as the dialog names it. */
function lineLabel(line: OrderDto["products"][number]): string {
  const options = Object.values(line.variant.options);
  return options.length > 0 ? `${line.name} (${options.join(" · ")})` : line.name;
}

/** Whether a viewer's read of the order lets them refund it: an admin's, of a payment with money left. */
export function canRefund(order: OrderDto): boolean {
  return !!order.payment && isTaken(order.payment.status) && toCents(refundable(order).remaining) > 0;
}

interface RefundDialogProps {
  order: OrderDto;
  onClose: () => void;
  /**
   * Opened by choosing "Refunded" as the status: it says so, the reason is filled in, and the units of
   * an order that never left (processing) are set to go back to stock, as the status alone would do.
   */
  byStatus?: boolean;
}

/**
 * Refund dialog (admin): the amount (defaulting to what remains), the reason, and the units of each
 * line that return to stock; the confirm button names the amount. One Idempotency-Key per opening,
 * so a double click refunds once.
 */
export function RefundDialog({ order, onClose, byStatus = false }: RefundDialogProps) {
  const { remaining, lines } = useMemo(() => refundable(order), [order]);
  // Cash on delivery has no provider to send it back: staff do, and name how.
  const manual = order.payment?.paymentGateway === "cod";
  const schema = useMemo(
    () =>
      refundForm(
        remaining,
        lines.map((line) => line.available),
        manual,
      ),
    [remaining, lines, manual],
  );
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refund = useRefundOrder(order._id);
  const { register, handleSubmit, setError, formState, watch } = useForm<RefundFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      amount: remaining,
      reason: byStatus ? words.wholeOrderReason : "",
      reference: "",
      restock: lines.map(({ line, available }) => ({
        line: line._id,
        quantity: byStatus && order.status === "processing" ? available : 0,
      })),
    },
  });
  const amount = watch("amount");

  const onSubmit = handleSubmit((values) =>
    refund.mutate(
      {
        input: {
          amount: values.amount,
          reason: values.reason,
          restock: values.restock.filter((line) => line.quantity > 0),
          ...(manual ? { reference: values.reference } : {}),
        },
        idempotencyKey,
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, ["amount", "reason", "reference"], setError);
        },
      },
    ),
  );
  const fieldError =
    refund.isError &&
    isApiError(refund.error) &&
    (refund.error.errors.amount || refund.error.errors.reason || refund.error.errors.reference);

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
            {Number.isFinite(amount) && amount > 0 ? words.submitAmount(formatPrice(amount)) : words.submit}
          </Button>
        </>
      }
    >
      <form id="refund-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {byStatus ? <p className="text-sm text-neutral-700">{words.byStatus}</p> : null}
        <TextField
          label={`${words.amount} ($)`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          max={remaining}
          hint={words.amountHint(formatPrice(remaining))}
          error={formState.errors.amount?.message}
          {...register("amount", { setValueAs: asNumber })}
        />
        <TextArea
          label={words.reason}
          rows={2}
          maxLength={MAX_REFUND_REASON}
          error={formState.errors.reason?.message}
          {...register("reason")}
        />
        {manual ? (
          <RefundReferenceField error={formState.errors.reference?.message} {...register("reference")} />
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium text-neutral-900">{words.restockTitle}</legend>
          <p className="mt-1 text-sm text-neutral-600">{words.restockHint}</p>
          <ul className="mt-3 divide-y divide-neutral-100">
            {lines.map(({ line, available }, index) => (
              <li key={line._id} className="flex items-center justify-between gap-4 py-2">
                <label htmlFor={`restock-${line._id}`} className="min-w-0 text-sm text-neutral-800">
                  {words.restockLine(lineLabel(line), line.quantity)}
                  {Object.keys(line.variant.options).length > 0 ? (
                    <span className="block font-mono text-xs text-neutral-500">{line.variant.sku}</span>
                  ) : null}
                  {formState.errors.restock?.[index]?.quantity?.message ? (
                    <span className="block text-xs text-danger-700" role="alert">
                      {formState.errors.restock[index]?.quantity?.message}
                    </span>
                  ) : null}
                </label>
                <input
                  id={`restock-${line._id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={available}
                  step={1}
                  disabled={available === 0}
                  className="h-10 w-20 shrink-0 rounded-control border-0 px-3 text-right text-sm tabular-nums ring-1 ring-neutral-300 ring-inset focus:ring-2 focus:ring-brand-600 disabled:bg-neutral-50 disabled:text-neutral-400"
                  {...register(`restock.${index}.quantity`, { setValueAs: asNumber })}
                />
              </li>
            ))}
          </ul>
        </fieldset>
        {refund.isError && !fieldError ? (
          <ErrorState message={errorMessage(refund.error)} prefix={false} />
        ) : null}
      </form>
    </Dialog>
  );
}
