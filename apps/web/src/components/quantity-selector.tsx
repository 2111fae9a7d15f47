import { MinusIcon, PlusIcon } from "@heroicons/react/20/solid";
import type { ReactNode } from "react";

interface QuantitySelectorProps {
  value: number;
  onChange: (value: number) => void;
  /** The most that may be chosen; plus is disabled from there (SPEC section 5). */
  max: number;
  /** No stock at all: minus is disabled too. */
  noStock?: boolean;
  /** The group's name; a list of lines adds the product (visually hidden) to tell them apart. */
  label?: ReactNode;
  className?: string;
}

const stepClass =
  "inline-flex size-10 items-center justify-center text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent";

/**
 * Minus, the quantity, plus (SPEC section 5): minus is disabled at 1 or without stock, plus at `max`.
 * The quantity never goes below 1.
 */
export function QuantitySelector({
  value,
  onChange,
  max,
  noStock = false,
  label = "Quantity",
  className,
}: QuantitySelectorProps) {
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
        <output
          aria-live="polite"
          className="w-10 text-center text-sm font-semibold text-neutral-900 tabular-nums"
        >
          {value}
        </output>
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
    </fieldset>
  );
}
