import { TOAST_AUTO_CLOSE_MS } from "@shop/shared/constants";
import { useSyncExternalStore } from "react";
import { ToastContainer } from "react-toastify";

/**
 * Toasts show top right (SPEC section 9), below the storefront header's bar (h-16), so that they
 * never cover the cart and its badge, nor the account menu.
 */
const BELOW_HEADER = { top: "calc(4rem + 0.75rem + env(safe-area-inset-top))" } as const;

/** The most toasts shown at once; the next ones wait their turn. */
export const TOAST_LIMIT = 3;

/** Below Tailwind's `sm`: a phone, where a toast takes the screen's whole width. */
const PHONE = "(max-width: 639.98px)";

function subscribePhone(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const isPhone = () => typeof window.matchMedia === "function" && window.matchMedia(PHONE).matches;

/**
 * Where toasts show; loaded and mounted with the first toast (lib/toast.ts). At most TOAST_LIMIT at
 * once, the next ones waiting their turn. On a phone they pile up as one toast (react-toastify's
 * `stacked`, opened by a tap) rather than running down the form: the pile stays within the scroll
 * margin that a field named by an error is brought below (index.css).
 */
export function ToastHost() {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return (
    <ToastContainer
      position="top-right"
      style={BELOW_HEADER}
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      stacked={phone}
      pauseOnHover
      pauseOnFocusLoss
      newestOnTop
      theme="light"
    />
  );
}
