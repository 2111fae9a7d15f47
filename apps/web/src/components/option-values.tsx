import { cx } from "../lib/cx";

/** A variant's option values as one line: "Size: 9 · Colour: Black"; empty for a product without options. */
export function formatOptionValues(values: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(values ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
}

/**
 * "Trail Tee (M · Black)": an order line as the controls that count its units name it (the shopper's
 * return form, the staff's ship and refund dialogs); the bare name for a product without options.
 */
export function orderLineLabel(line: {
  name: string;
  variant: { options: Readonly<Record<string, string>> };
}): string {
  const options = Object.values(line.variant.options);
  return options.length > 0 ? `${line.name} (${options.join(" · ")})` : line.name;
}

/** The option values of a cart or order line, under its name; nothing for a product without options. */
export function OptionValues({
  values,
  className,
}: {
  values: Readonly<Record<string, string>> | undefined;
  className?: string;
}) {
  const text = formatOptionValues(values);
  return text ? <p className={cx("text-sm text-neutral-600", className)}>{text}</p> : null;
}
