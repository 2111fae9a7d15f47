import { expect, type Page } from "@playwright/test";
import { TOAST_AUTO_CLOSE_MS } from "@shop/shared/constants";

/**
 * The toasts showing this message (SPEC wording, from @shop/shared/messages): in react-toastify's
 * region only, as a form may show the same message in an alert of its own.
 */
export function toast(page: Page, message: string) {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("alert")
    .filter({ hasText: message });
}

/** Expects a toast with this message. */
export async function expectToast(page: Page, message: string) {
  await expect(toast(page, message)).toBeVisible();
}

/**
 * Expects a toast with this message, then closes it: until it fades, a toast lies over what is under
 * it (the header's cart and menu, a page's buttons), and a click there waits for it.
 */
export async function closeToast(page: Page, message: string) {
  const shown = toast(page, message).first();
  await expect(shown).toBeVisible();
  // NOTE: on a busy machine the toast may close by itself between the two steps, and a click on a
  // button that is gone waits for the test's whole time: the click waits as long as a toast is
  // shown, and either way the toast is gone after it.
  await shown
    .getByRole("button", { name: "close" })
    .click({ timeout: TOAST_AUTO_CLOSE_MS })
    .catch(() => undefined);
  await expect(toast(page, message)).toHaveCount(0);
  // NOTE: toasts pause while hovered: leave none of the others under the pointer.
  await page.mouse.move(0, 0);
}
