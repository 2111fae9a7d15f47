/**
 * Toasts, with the same calls as react-toastify's `toast`. No page needs react-toastify to draw,
 * so it and its container are loaded with the first toast instead of with the entry bundle; a
 * toast asked for before the container is mounted waits in react-toastify's queue and shows once
 * it is.
 */
import type { ToastOptions } from "react-toastify";
import { create } from "zustand";

/** Set by the first toast: the app then mounts the container (app/providers.tsx). */
export const useToastsWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

type Kind = "success" | "error" | "warn";

/**
 * An error toast names a field the form has focused (applyServerErrors, react-hook-form's own
 * checks): the field is brought out from under the toasts, down to its scroll margin (index.css).
 */
function revealFocusedField() {
  requestAnimationFrame(() => {
    const field = document.activeElement;
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    )
      field.scrollIntoView?.({ block: "nearest" });
  });
}

/**
 * The message is the toast's id: react-toastify shows a message once while its toast is up, so a
 * refusal repeated by a second tap does not stack a copy of itself over the form.
 */
function show(kind: Kind, message: string, options?: ToastOptions) {
  if (kind === "error") revealFocusedField();
  if (!useToastsWanted.getState().wanted) useToastsWanted.setState({ wanted: true });
  void import("react-toastify").then(
    (toastify) => {
      toastify.toast[kind](message, { toastId: message, ...options });
    },
    // NOTE: the chunk could not be fetched (the connection dropped); the page itself still works.
    () => undefined,
  );
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warn: (message: string, options?: ToastOptions) => show("warn", message, options),
};
