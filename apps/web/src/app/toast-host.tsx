import { TOAST_AUTO_CLOSE_MS } from "@shop/shared/constants";
import { ToastContainer } from "react-toastify";

/**
 * Toasts show top right (SPEC section 9), below the storefront header's bar (h-16), so that they
 * never cover the cart and its badge, nor the account menu.
 */
const BELOW_HEADER = { top: "calc(4rem + 0.75rem + env(safe-area-inset-top))" } as const;

/** Where toasts show; loaded and mounted with the first toast (lib/toast.ts). */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      style={BELOW_HEADER}
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      newestOnTop
      theme="light"
    />
  );
}
