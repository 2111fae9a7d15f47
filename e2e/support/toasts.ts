import { expect, type Page } from "@playwright/test";

/** The toasts showing this message (SPEC wording, from @shop/shared/messages). */
export function toast(page: Page, message: string) {
  return page.getByRole("alert").filter({ hasText: message });
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
  await shown.getByRole("button", { name: "close" }).click();
  await expect(toast(page, message)).toHaveCount(0);
  // NOTE: toasts pause while hovered: leave none of the others under the pointer.
  await page.mouse.move(0, 0);
}
