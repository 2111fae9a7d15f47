import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from "@headlessui/react";
import type { ReactNode } from "react";

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name; visually hidden, the content carries its own heading. */
  title: string;
  children: ReactNode;
}

/** A panel that slides in from the left on small screens (the storefront menu, the dashboard sidebar). */
export function Drawer({ open, onClose, title, children }: DrawerProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-neutral-950/40 transition-opacity duration-200 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className="relative flex w-full max-w-xs flex-col overflow-y-auto bg-white shadow-popover transition duration-200 ease-out data-closed:-translate-x-full"
        >
          <DialogTitle className="sr-only">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
