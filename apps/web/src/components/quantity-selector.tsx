import { MinusIcon, PlusIcon } from "@heroicons/react/20/solid";
import { hints } from "@shop/shared/messages";
import { type ReactNode, useId, useState } from "react";

interface QuantitySelectorProps {
  value: number;
  onChange: (value: number) => void;
  /** The most that may be chosen; plus is disabled from there (SPEC section 5), a typed number is lowered to it. */
  max: number;
  /** No stock at all: minus is disabled too. */
  noStock?: boolean;
  /** The group's name; a list of lines adds the product (visually hidden) to tell them apart. */
  label?: ReactNode;
  className?: string;
}

const stepClass =
  "inline-flex size-10 items-center justify-center text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent";

/** A typed quantity kept between 1 and `max`; null when what is typed is no whole number yet. */
export function typedQuantity(text: string, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const typed = Number(text);
  return Math.max(1, Math.min(typed, Math.max(max, 1)));
}

/**
 * Minus, the quantity, plus (SPEC section 5): minus is disabled at 1 or without stock, plus at `max`.
 * The quantity can be typed as well: a whole number is taken at once, kept between 1 and `max`;
 * anything else is put back to the quantity when the field is left. The most is said under it.
 */
export function QuantitySelector({
  value,
  onChange,
  max,
  noStock = false,
  label = "Quantity",
  className,
}: QuantitySelectorProps) {
  const inputId = useId();
  // The most that may be chosen, said under the control once there is any to choose.
  const most = noStock || max < 1 ? null : hints.numberAtMost(max);
  // What the shopper is typing, until the field is left; null shows the quantity itself.
  const [draft, setDraft] = useState<string | null>(null);

  const type = (text: string) => {
    const next = typedQuantity(text, max);
    // A number beyond the bounds shows as the bound it was kept to; anything else as typed.
    setDraft(next !== null && String(next) !== text.trim() ? null : text);
    if (next !== null && next !== value) onChange(next);
  };
  const leave = () => setDraft(null);

  return (
    <fieldset className={className}>
      <legend className="mb-1.5 text-sm font-medium text-neutral-800">{label}</legend>
      <div className="inline-flex w-fit items-center overflow-hidden rounded-control bg-white shadow-xs ring-1 ring-neutral-300 ring-inset">
        <button
          type="button"
          onClick={() => onChange(Math.max(1, value - 1))}
          disabled={noStock || value <= 1}
          aria-label="Decrease quantity"
          className={stepClass}
        >
          <MinusIcon className="size-4" aria-hidden="true" />
        </button>
        <label htmlFor={inputId} className="sr-only">
          Quantity
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(max, 1)}
          step={1}
          disabled={noStock}
          aria-describedby={most ? `${inputId}-most` : undefined}
          value={draft ?? String(value)}
          onChange={(event) => type(event.target.value)}
          onBlur={leave}
          onKeyDown={(event) => {
            if (event.key === "Enter") leave();
          }}
          className="h-10 w-12 [appearance:textfield] border-0 bg-transparent p-0 text-center text-sm font-semibold text-neutral-900 tabular-nums focus:ring-2 focus:ring-brand-600 focus:ring-inset disabled:text-neutral-400 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          onClick={() => onChange(Math.min(max, value + 1))}
          disabled={value >= max}
          aria-label="Increase quantity"
          className={stepClass}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      {most ? (
        <p id={`${inputId}-most`} className="mt-1 text-xs text-neutral-500 tabular-nums">
          {most}
        </p>
      ) : null}
    </fieldset>
  );
}
