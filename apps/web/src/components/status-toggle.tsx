import { Switch } from "@headlessui/react";
import { cx } from "../lib/cx";

interface StatusToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Names the switch, e.g. "Active: Classic Shirt". */
  label: string;
  disabled?: boolean;
}

/** An on/off switch, named by its label (the product and customer tables, the product form). */
export function StatusToggle({ checked, onChange, label, disabled }: StatusToggleProps) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      className={cx(
        "group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60",
        checked ? "bg-brand-600" : "bg-neutral-300",
      )}
    >
      <span
        aria-hidden="true"
        className="size-5 translate-x-0 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-5"
      />
    </Switch>
  );
}

interface StatusToggleFieldProps extends StatusToggleProps {
  /** What turning it on or off does, under the label. */
  hint: string;
}

/** A switch with its label and what it does, side by side (a form's on/off setting). */
export function StatusToggleField({ hint, ...toggle }: StatusToggleFieldProps) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p className="text-sm font-medium text-neutral-800">{toggle.label}</p>
        <p className="text-xs text-neutral-500">{hint}</p>
      </div>
      <StatusToggle {...toggle} />
    </div>
  );
}
