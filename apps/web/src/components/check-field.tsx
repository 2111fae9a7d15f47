import { type ComponentProps, type ReactNode, useId } from "react";

type CheckFieldProps = Omit<ComponentProps<"input">, "type" | "className"> & {
  label: string;
  /** A line under the label (when a consent was given), read with the box as its description. */
  description?: ReactNode;
  className?: string;
};

/**
 * A checkbox and its label: the label holds the box, so the whole row, at least 44 px high, is
 * what a finger taps; the description under it is read as the box's description.
 */
export function CheckField({ label, description, className, id, ...props }: CheckFieldProps) {
  const generatedId = useId();
  const descriptionId = description ? `${id ?? generatedId}-description` : undefined;
  return (
    <div className={className}>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 py-1 text-sm text-neutral-800 has-disabled:cursor-default">
        <input
          id={id}
          type="checkbox"
          aria-describedby={descriptionId}
          className="size-4 shrink-0 rounded border-neutral-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
          {...props}
        />
        <span className="min-w-0 flex-1">{label}</span>
      </label>
      {description ? (
        <p id={descriptionId} className="-mt-1 pb-1 pl-7 text-xs text-neutral-500">
          {description}
        </p>
      ) : null}
    </div>
  );
}
