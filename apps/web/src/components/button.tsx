import type { ComponentProps } from "react";
import { cx } from "../lib/cx";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-300",
  secondary:
    "bg-white text-neutral-800 shadow-sm ring-1 ring-inset ring-neutral-300 hover:bg-neutral-50 disabled:text-neutral-400",
  ghost: "text-neutral-700 hover:bg-neutral-100 disabled:text-neutral-400",
  danger: "bg-danger-600 text-white shadow-sm hover:bg-danger-700 disabled:bg-danger-100",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm gap-1.5",
  md: "h-10 px-4 text-sm gap-2",
  lg: "h-12 px-6 text-base gap-2",
};

/** The button look, for links that should look like buttons. */
export function buttonClasses({ variant = "primary", size = "md", fullWidth = false }: ButtonStyle = {}) {
  return cx(
    "relative inline-flex shrink-0 items-center justify-center rounded-control font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
    fullWidth && "w-full",
  );
}

interface ButtonProps extends ComponentProps<"button">, ButtonStyle {
  /** Shows a spinner over the label and disables the button; the button keeps its size. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(buttonClasses({ variant, size, fullWidth }), className)}
      {...props}
    >
      {/* NOTE: opacity, not visibility, so the label still names the button while it loads. */}
      <span className={cx("inline-flex items-center gap-[inherit]", loading && "opacity-0")}>{children}</span>
      {loading ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner className="size-4" />
        </span>
      ) : null}
    </button>
  );
}
