import { TagIcon, XMarkIcon } from "@heroicons/react/20/solid";
import { DISCOUNT_CODE_PATTERN } from "@shop/shared/constants";
import { errors, validation } from "@shop/shared/messages";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import type { CartPricing } from "#web/lib/cart-pricing";
import { useCart } from "#web/lib/cart-store";
import { cx } from "#web/lib/cx";
import { formatPrice } from "#web/lib/money";

interface DiscountCodeFieldProps {
  pricing: CartPricing;
  className?: string;
}

/**
 * "Discount code" on the cart and checkout pages: Apply keeps the code with the cart and
 * the server prices it; an applied code shows with its amount and Remove; a code that does not
 * apply shows the server's reason under the field.
 */
export function DiscountCodeField({ pricing, className }: DiscountCodeFieldProps) {
  const code = useCart((state) => state.discountCode);
  const setDiscountCode = useCart((state) => state.setDiscountCode);
  const { register, handleSubmit, formState, reset } = useForm<{ code: string }>({
    defaultValues: { code: code ?? "" },
  });

  if (pricing.appliedCode) {
    return (
      <div
        className={cx(
          "flex items-center justify-between gap-3 rounded-lg bg-success-50 px-3 py-2",
          className,
        )}
      >
        <p className="flex min-w-0 items-center gap-2 text-sm text-success-700">
          <TagIcon aria-hidden="true" className="size-4 shrink-0" />
          {/* The code's name may shorten; its amount never does. */}
          <span className="truncate">
            <span className="font-semibold">{pricing.appliedCode}</span> applied
          </span>
          {pricing.summary.discountAmount > 0 ? (
            <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
              −{formatPrice(pricing.summary.discountAmount)}
            </span>
          ) : null}
        </p>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-neutral-700 hover:text-danger-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          onClick={() => {
            setDiscountCode(null);
            reset({ code: "" });
          }}
        >
          <XMarkIcon aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> discount code {pricing.appliedCode}</span>
        </button>
      </div>
    );
  }

  const error =
    formState.errors.code?.message ??
    pricing.codeMessage ??
    (pricing.failed ? errors.tryAgainLaterEllipsis : undefined);

  return (
    <form
      noValidate
      className={cx("flex items-start gap-2", className)}
      onSubmit={handleSubmit((values) => setDiscountCode(values.code))}
    >
      <TextField
        label="Discount code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="min-w-0 flex-1"
        error={error}
        {...register("code", {
          required: validation.discountCode,
          pattern: { value: DISCOUNT_CODE_PATTERN, message: validation.discountCode },
          setValueAs: (value: string) => value.trim(),
          onChange: () => {
            if (code !== null && pricing.codeMessage) setDiscountCode(null);
          },
        })}
      />
      <Button type="submit" variant="secondary" className="mt-7 shrink-0" loading={pricing.checking}>
        Apply
      </Button>
    </form>
  );
}
