import { BeakerIcon } from "@heroicons/react/24/outline";
import { zodResolver } from "@hookform/resolvers/zod";
import { accountNotes, errors } from "@shop/shared/messages";
import { TestCard } from "@shop/shared/schemas/payment";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { formatPrice } from "#web/lib/money";
import { usePayOrder } from "../api/pay-order";

const CARD_FIELDS = ["number", "expiry", "cvc"] as const;
const CARD_NUMBER = /(\d{4} \d{4} \d{4} \d{4})/;

/**
 * The built-in test gateway's card form, clearly marked as test mode: 4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined (402, the order stays payable and the form stays). A decline stays
 * said under the form until the shopper changes something; a toast alone would go away.
 */
export function TestCardForm({ orderId, amount }: { orderId: string; amount: number }) {
  const payOrder = usePayOrder();
  const [declined, setDeclined] = useState(false);
  const { register, handleSubmit, setError, formState, watch } = useForm<
    z.input<typeof TestCard>,
    unknown,
    z.output<typeof TestCard>
  >({
    resolver: zodResolver(TestCard),
    defaultValues: { number: "", expiry: "", cvc: "" },
  });
  const { errors: fieldErrors } = formState;
  useEffect(() => {
    const watching = watch(() => setDeclined(false));
    return () => watching.unsubscribe();
  }, [watch]);

  const submit = handleSubmit((card) =>
    payOrder.mutate(
      { order: orderId, paymentGateway: "test", card },
      {
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.status === 402) setDeclined(true);
          for (const [path, message] of Object.entries(error.errors)) {
            const field = CARD_FIELDS.find((name) => path === `card.${name}`);
            if (field) setError(field, { type: "server", message });
          }
        },
      },
    ),
  );

  return (
    <section
      aria-labelledby="test-card-heading"
      className="rounded-card border-2 border-dashed border-warning-600/60 bg-warning-50/60 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="test-card-heading" className="text-base font-semibold text-neutral-900">
          Pay by card
        </h3>
        <span className="inline-flex items-center gap-1 rounded-full bg-warning-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-warning-700 ring-1 ring-warning-600/40 ring-inset">
          <BeakerIcon className="size-3.5" aria-hidden="true" />
          TEST MODE
        </span>
      </div>
      <p className="mt-2 text-sm text-neutral-700">
        {/* Card numbers stay on one line. */}
        {accountNotes.testMode.split(CARD_NUMBER).map((part, index) =>
          index % 2 === 1 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never move.
            <span key={index} className="whitespace-nowrap">
              {part}
            </span>
          ) : (
            part
          ),
        )}
      </p>
      <form onSubmit={submit} noValidate aria-label="Test card payment" className="mt-4 space-y-4">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          hint="Test card: 4242 4242 4242 4242"
          error={fieldErrors.number?.message}
          {...register("number")}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            error={fieldErrors.expiry?.message}
            {...register("expiry")}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            error={fieldErrors.cvc?.message}
            {...register("cvc")}
          />
        </div>
        {declined ? (
          <p
            role="alert"
            className="rounded-control bg-danger-50 px-3 py-2 text-sm text-danger-700 ring-1 ring-danger-600/20"
          >
            {errors.cardDeclined}
          </p>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={payOrder.isPending}>
          Pay {formatPrice(amount)}
        </Button>
      </form>
    </section>
  );
}
