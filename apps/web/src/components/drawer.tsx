import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from "@headlessui/react";
import type { ReactNode } from "react";

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name; visually hidden, the content carries its own heading. */
  title: string;
  children: ReactNode;
}

/**
 * A panel that slides in from the left on small screens (the storefront menu, the dashboard sidebar).
 * NOTE: it slides in with CSS alone and closes at once, as the dialog does (dialog.tsx says why).
 */
export function Drawer({ open, onClose, title, children }: DrawerProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-neutral-950/40 transition-opacity duration-200 ease-out starting:opacity-0" />
      <div className="fixed inset-0 flex">
        <DialogPanel className="relative flex w-full max-w-xs flex-col overflow-y-auto bg-white shadow-popover transition duration-200 ease-out starting:-translate-x-full">
          <DialogTitle className="sr-only">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
