import { cx } from "../lib/cx";

/** A variant's option values as one line: "Size: 9 · Colour: Black"; empty for a product without options. */
export function formatOptionValues(values: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(values ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
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
