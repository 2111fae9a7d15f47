import { CheckCircleIcon, NoSymbolIcon, TruckIcon } from "@heroicons/react/20/solid";
import { deliveryApi, deliveryCheck } from "@shop/shared/messages";
import { pincodeOf } from "@shop/shared/pincode-states";
import type { AddressDto } from "@shop/shared/schemas/address";
import type { DeliveryDto } from "@shop/shared/schemas/delivery";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ComponentProps,
  type FormEvent,
  type FormEventHandler,
  type ReactNode,
  useId,
  useState,
  useSyncExternalStore,
} from "react";
import { isApiError } from "#web/lib/api";
import { useCart } from "#web/lib/cart-store";
import { cx } from "#web/lib/cx";
import { formatDeliveryDay } from "#web/lib/dates";
import {
  addressPincode,
  deliveryQueryOptions,
  earliestDelivery,
  rememberedPincode,
  rememberPincode,
} from "#web/lib/delivery";
import { formatPrice } from "#web/lib/money";
import { accountKeys } from "#web/lib/query-keys";
import { Button } from "./button";
import { controlClass } from "./field";
import { Spinner } from "./spinner";

interface CheckDeliveryFrameProps {
  /** The PIN code field's own properties (value, handlers); its label, id and look are the frame's. */
  input: Omit<ComponentProps<"input">, "id" | "className">;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Said under the field, in place of an answer. */
  error?: string | undefined;
  /** The answer's lines. */
  children?: ReactNode;
  className?: string | undefined;
}

/**
 * What "Check delivery" looks like: its heading, the PIN code field (labelled "PIN code") with
 * Check, and the answer's room under them. The room holds two lines whether or not there is an
 * answer yet, so that nothing below moves when one comes.
 */
function CheckDeliveryFrame({ input, onSubmit, error, children, className }: CheckDeliveryFrameProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-neutral-900">
        {deliveryCheck.title}
      </h2>
      {/* NOTE: the field's own top margin (controlClass) is the button's too, so that they line up. */}
      <form noValidate onSubmit={onSubmit} className="mt-0.5 flex items-start gap-2">
        <label htmlFor={`${id}-pincode`} className="sr-only">
          {deliveryCheck.pincode}
        </label>
        <input
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder={deliveryCheck.pincode}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
          id={`${id}-pincode`}
          className={controlClass(error, "h-10 min-w-0 flex-1 tabular-nums sm:max-w-48")}
        />
        <Button type="submit" variant="secondary" className="mt-1.5">
          {deliveryCheck.check}
        </Button>
      </form>
      <div aria-live="polite" className="mt-2 min-h-11 space-y-1 text-sm">
        {error ? (
          <p id={`${id}-error`} className="font-medium text-danger-700">
            {error}
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/**
 * The PIN code the check starts with: the one last checked on this device, else the signed-in
 * shopper's delivery address (the one chosen for the cart, else their first saved one). Saved
 * addresses count only when already read (the cart and the checkout read them): a product page asks
 * nothing more for them.
 */
function useKnownPincode(): string | null {
  const [remembered] = useState(rememberedPincode);
  const chosen = useCart((state) => addressPincode(state.address));
  // NOTE: read from the cache, not through a query of its own: an observer without the addresses'
  // request would become the one their refetch (after an address is added) runs with.
  const queryClient = useQueryClient();
  const saved = useSyncExternalStore(
    (changed) => queryClient.getQueryCache().subscribe(changed),
    () => queryClient.getQueryData<AddressDto[]>(accountKeys.addresses),
  );
  return remembered ?? chosen ?? addressPincode(saved?.[0]);
}

/** One line of the answer: an icon and its words. */
function Line({ icon: Icon, tone, children }: { icon: typeof TruckIcon; tone: string; children: string }) {
  return (
    <p className={cx("flex items-center gap-1.5", tone)}>
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * Deliverable by which day (or not at all), and whether cash on delivery is possible there, as the
 * pay page will decide it: why not (the PIN code blocked, the shopper barred, no method takes it), or
 * up to which order value.
 */
function Answer({ answer }: { answer: DeliveryDto }) {
  if (!answer.deliverable) {
    return (
      <Line icon={NoSymbolIcon} tone="font-medium text-danger-700">
        {deliveryCheck.notDeliverable(answer.pincode)}
      </Line>
    );
  }
  const day = earliestDelivery(answer.methods);
  return (
    <>
      <Line icon={TruckIcon} tone="font-medium text-neutral-900">
        {day ? deliveryCheck.deliveredBy(formatDeliveryDay(day)) : deliveryCheck.deliverable(answer.pincode)}
      </Line>
      {answer.cod ? (
        <Line icon={CheckCircleIcon} tone="text-success-700">
          {answer.codLimit !== null
            ? deliveryCheck.codAvailableUpTo(formatPrice(answer.codLimit))
            : deliveryCheck.codAvailable}
        </Line>
      ) : (
        <Line icon={NoSymbolIcon} tone="text-neutral-600">
          {answer.codReason
            ? deliveryCheck.codUnavailableBecause[answer.codReason]
            : deliveryCheck.codUnavailable}
        </Line>
      )}
    </>
  );
}

export interface CheckDeliveryFormProps {
  /** The product page's product: the answer is about it (an unavailable one is refused). */
  product?: string | undefined;
  className?: string | undefined;
}

/**
 * "Check delivery" at work (components/check-delivery.tsx loads it): a PIN code already known is
 * checked at once; one typed is checked with Check (six digits not starting with 0, else the API's
 * own message) and remembered on the device. The answer says whether the shop delivers there, by which day with
 * its fastest method, and whether cash on delivery is possible.
 */
export function CheckDeliveryForm({ product, className }: CheckDeliveryFormProps) {
  const known = useKnownPincode();
  // What the shopper typed and checked; until they do, the known PIN code stands (it may arrive late).
  const [typed, setTyped] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const value = typed ?? known ?? "";
  const pincode = invalid ? null : checked === undefined ? known : checked;
  const answer = useQuery({ ...deliveryQueryOptions(pincode ?? "", product), enabled: pincode !== null });
  // The server's refusal of the PIN code itself (400 at `pincode`) belongs under the field.
  const refusal =
    answer.isError && isApiError(answer.error) && answer.error.status === 400
      ? (answer.error.errors.pincode ?? answer.error.message)
      : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API's own rule and words (six digits, not starting with 0), without its schema's code.
    const next = pincodeOf(value);
    if (next === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setChecked(next);
    rememberPincode(next);
    // The same code checked again after a failure: ask again.
    if (next === pincode && answer.isError) void answer.refetch();
  };

  return (
    <CheckDeliveryFrame
      className={className}
      onSubmit={onSubmit}
      error={invalid ? deliveryApi.pincode : refusal}
      input={{
        value,
        onChange: (event) => {
          // Digits only, so that a code pasted as "400 001" reads as one.
          setTyped(event.target.value.replace(/\D/g, "").slice(0, 6));
          setInvalid(false);
        },
      }}
    >
      {pincode === null ? null : answer.isPending ? (
        <p className="flex items-center gap-1.5 text-neutral-600">
          <Spinner className="size-4" />
          {deliveryCheck.checking}
        </p>
      ) : answer.isError ? (
        <p className="font-medium text-danger-700">{deliveryCheck.failed}</p>
      ) : (
        <Answer answer={answer.data} />
      )}
    </CheckDeliveryFrame>
  );
}
