import { validation, setAllPrices as words } from "@shop/shared/messages";
import { SALE_PRICE_MIN, VariantInput } from "@shop/shared/schemas/product";
import { useId, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { controlClass } from "#web/components/field";
import { formatPrice, useCurrencySymbol } from "#web/lib/money";
import { numberLimits } from "#web/lib/number-limits";
import { asNumber, salePriceBounds } from "./product-form-values";

/** What becomes of the variants' sale prices when every price is set. */
export type SalePriceChoice = { kind: "keep" } | { kind: "clear" } | { kind: "set"; salePrice: number };

interface SetPricesDialogProps {
  /** The new price for every variant; null while the dialog is closed. */
  price: number | null;
  /** The variants' sale prices now (undefined: none). */
  salePrices: readonly (number | undefined)[];
  onChoose: (choice: SalePriceChoice) => void;
  onClose: () => void;
}

/** Whether a sale price puts its variant on sale (the form's: a sale price other than 0). */
export const isOnSale = (salePrice: number | undefined): salePrice is number =>
  salePrice !== undefined && !Number.isNaN(salePrice) && salePrice !== 0;

/**
 * Asks, before every variant takes one price, what becomes of their sale prices: kept (those not
 * below the new price end their sale), ended, or all set to one below the price. Never leaves a sale
 * price at or above its price.
 */
export function SetPricesDialog({ price, salePrices, onChoose, onClose }: SetPricesDialogProps) {
  const onSale = salePrices.filter(isOnSale);
  const notBelow = price === null ? 0 : onSale.filter((sale) => sale >= price).length;
  const [choice, setChoice] = useState<"keep" | "clear" | "set">("keep");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const symbol = useCurrencySymbol();
  const name = useId();
  const fieldId = useId();
  const written = formatPrice(price ?? 0);
  const { hint, ...bounds } = numberLimits(
    VariantInput.shape.salePrice,
    undefined,
    salePriceBounds(price ?? undefined),
  );

  const close = () => {
    setChoice("keep");
    setTyped("");
    setError(undefined);
    onClose();
  };
  const confirm = () => {
    if (price === null) return;
    if (choice !== "set") {
      onChoose({ kind: choice });
      close();
      return;
    }
    const salePrice = asNumber(typed);
    if (salePrice === undefined || Number.isNaN(salePrice)) return setError(validation.required);
    if (salePrice < SALE_PRICE_MIN) return setError(validation.min(SALE_PRICE_MIN));
    if (salePrice >= price) return setError(validation.salePriceBelowPrice);
    onChoose({ kind: "set", salePrice });
    close();
  };

  const option = (value: "keep" | "clear" | "set", label: string) => (
    <label className="flex items-start gap-2 text-sm text-neutral-800">
      <input
        type="radio"
        name={name}
        value={value}
        checked={choice === value}
        onChange={() => {
          setChoice(value);
          setError(undefined);
        }}
        className="mt-0.5 size-4 accent-brand-600"
      />
      <span>{label}</span>
    </label>
  );

  return (
    <Dialog
      open={price !== null}
      onClose={close}
      title={words.title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {words.cancel}
          </Button>
          <Button onClick={confirm}>{words.confirm}</Button>
        </>
      }
    >
      <p className="text-sm text-neutral-700">{words.summary(onSale.length, notBelow, written)}</p>
      <fieldset className="mt-4 space-y-3">
        <legend className="mb-2 text-sm font-medium text-neutral-900">{words.choice}</legend>
        {option("keep", notBelow > 0 ? words.keepBelow(written, notBelow) : words.keep)}
        {option("clear", words.clear)}
        {option("set", words.set)}
        {choice === "set" ? (
          <div className="pl-6">
            <label htmlFor={fieldId} className="block text-xs font-medium text-neutral-700">
              {words.salePrice(symbol)}
            </label>
            <input
              id={fieldId}
              type="number"
              {...bounds}
              step="0.01"
              inputMode="decimal"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
              className={controlClass(error, "mt-1 h-9 w-full px-2")}
            />
            {hint ? (
              <p id={`${fieldId}-hint`} className="mt-1 text-xs text-neutral-500">
                {hint}
              </p>
            ) : null}
            {error ? (
              <p id={`${fieldId}-error`} className="mt-1 text-xs font-medium text-danger-700">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </Dialog>
  );
}
