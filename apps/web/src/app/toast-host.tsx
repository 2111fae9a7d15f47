import { TOAST_AUTO_CLOSE_MS } from "@shop/shared/constants";
import { ToastContainer } from "react-toastify";

/** Where toasts show; loaded and mounted with the first toast (lib/toast.ts). */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      newestOnTop
      theme="light"
    />
  );
}
