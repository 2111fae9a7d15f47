import { stock as stockMessages } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import { useId } from "react";
import { SelectField } from "#web/components/select-field";
import { cx } from "#web/lib/cx";
import { type Choice, isChoosable } from "../variant-choice";

/** Up to this many values an option is offered as buttons; more as a select field. */
export const OPTION_BUTTONS_MAX = 8;

interface OptionSelectorProps {
  product: Pick<ProductDto, "options" | "variants">;
  choice: Choice;
  onChoose: (optionName: string, value: string) => void;
  /** The option a shopper tried to add to the cart without: marked until a value is chosen. */
  missing?: string | undefined;
  /** Prefix of each option's element id (`${idPrefix}-${index}`): Add to cart moves focus there. */
  idPrefix: string;
}

function OptionButtons({
  name,
  values,
  chosen,
  choosable,
  onChoose,
  invalid,
  id,
}: {
  name: string;
  values: readonly string[];
  chosen: string | undefined;
  choosable: (value: string, offered?: boolean) => boolean;
  onChoose: (value: string) => void;
  invalid: boolean;
  id: string;
}) {
  const groupName = useId();
  return (
    <fieldset id={id} aria-invalid={invalid || undefined}>
      <legend className="text-sm font-medium text-neutral-800">
        {name}
        {chosen !== undefined ? <span className="font-normal text-neutral-600">: {chosen}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {values.map((value) => {
          const enabled = choosable(value);
          return (
            <label
              key={value}
              className={cx(
                "relative flex h-10 min-w-12 cursor-pointer items-center justify-center rounded-control border px-3 text-sm font-medium tabular-nums transition-colors select-none",
                "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
                enabled
                  ? "border-neutral-300 bg-white text-neutral-900 hover:border-neutral-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700 has-checked:ring-1 has-checked:ring-brand-600"
                  : choosable(value, true)
                    ? // Sold out, still chosen to ask for an email: crossed out, its text as readable as any.
                      "border-neutral-200 bg-neutral-50 text-neutral-600 line-through hover:border-neutral-400 has-checked:border-neutral-500 has-checked:ring-1 has-checked:ring-neutral-500"
                    : "cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-400 line-through",
                invalid && chosen === undefined && "border-danger-600",
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={value}
                checked={chosen === value}
                // A sold-out value can still be chosen: its page offers to email when it is back.
                disabled={!choosable(value, true)}
                onChange={() => onChoose(value)}
                // The crossing out is not read out: a sold-out value says so in its name.
                aria-label={enabled ? value : `${value} (${stockMessages.soldOut})`}
                // Covers the whole button, unseen: a click anywhere on it is the radio's own.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              {value}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * A selector per option: buttons for up to 8 values, else a select field. Values whose variants are
 * sold out or inactive (given the values chosen before) are crossed out; the sold-out ones can be
 * chosen, for "Email me when it's back", the inactive ones cannot.
 */
export function OptionSelector({ product, choice, onChoose, missing, idPrefix }: OptionSelectorProps) {
  if (product.options.length === 0) return null;
  return (
    <div className="space-y-5">
      {product.options.map((option, index) => {
        const chosen = choice[option.name];
        const choosable = (value: string, offered?: boolean) =>
          isChoosable(product, choice, option.name, value, offered);
        const invalid = missing === option.name && chosen === undefined;
        const id = `${idPrefix}-${index}`;
        if (option.values.length <= OPTION_BUTTONS_MAX) {
          return (
            <OptionButtons
              key={option.name}
              id={id}
              name={option.name}
              values={option.values}
              chosen={chosen}
              choosable={choosable}
              onChoose={(value) => onChoose(option.name, value)}
              invalid={invalid}
            />
          );
        }
        return (
          <SelectField
            key={option.name}
            id={id}
            label={option.name}
            value={chosen ?? ""}
            onChange={(event) => {
              if (event.target.value) onChoose(option.name, event.target.value);
            }}
            controlClassName="h-10 w-full max-w-xs"
            className="max-w-xs"
            aria-invalid={invalid || undefined}
          >
            <option value="" disabled>
              {stockMessages.chooseValue(option.name)}
            </option>
            {option.values.map((value) => {
              const enabled = choosable(value);
              return (
                <option key={value} value={value} disabled={!choosable(value, true)}>
                  {enabled ? value : `${value} (${stockMessages.soldOut})`}
                </option>
              );
            })}
          </SelectField>
        );
      })}
    </div>
  );
}
