import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from "@headlessui/react";
import { XMarkIcon } from "@heroicons/react/24/outline";
import type { ReactNode } from "react";
import { cx } from "../lib/cx";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons shown at the bottom right. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
}

const WIDTHS = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * A centred modal dialog with a title and a close button; focus is trapped and Escape closes it.
 * NOTE: it animates in with CSS alone (`starting:`, i.e. `@starting-style`) and closes at once, without
 * Headless UI's `transition` prop: closed while its enter transition ran, a dialog with that prop
 * could stay on the page for good, taking the page's clicks (Headless UI issue #3892). The drawer and
 * the header menus do the same.
 */
export function Dialog({ open, onClose, title, children, footer, size = "md" }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-neutral-950/40 transition-opacity duration-200 starting:opacity-0" />
      {/* A panel taller than the screen scrolls whole: centred in a box at least the screen's height. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            className={cx(
              "w-full rounded-card bg-white shadow-popover transition duration-200 starting:translate-y-4 starting:opacity-0",
              WIDTHS[size],
            )}
          >
            <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-5 py-4">
              <DialogTitle className="text-base font-semibold text-neutral-900">{title}</DialogTitle>
              <button
                type="button"
                onClick={onClose}
                className="-m-1.5 rounded-control p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
                aria-label="Close"
              >
                <XMarkIcon className="size-5" aria-hidden="true" />
              </button>
            </div>
            <div className="px-5 py-4">{children}</div>
            {/* The buttons stay at the screen's foot while a panel taller than the screen scrolls. */}
            {footer ? (
              <div className="sticky bottom-0 z-10 flex justify-end gap-3 rounded-b-card border-t border-neutral-200 bg-white px-5 py-4">
                {footer}
              </div>
            ) : null}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
