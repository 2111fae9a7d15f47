import type { Locator, Page } from "@playwright/test";
import { accountNotes, successes } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { cartLink } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { GOOD_CARD, saveAddress } from "./support/orders";
import { expectToast } from "./support/toasts";

// The whole checkout with the keyboard alone: Tab, Shift+Tab, Enter, Space, the arrows and typing.
// No click() anywhere in this file; page.goto only opens the shop at its home page.

const PRODUCT = "Recycled Nylon Daypack";
/** Enough for every page of the shop: the header holds about 10 stops, the longest page about 40. */
const MAX_PRESSES = 80;

const SAVED_ADDRESS = {
  name: { firstName: "Anika", lastName: "Das" },
  countryCode: "91",
  phoneNumber: "9123456780",
  building: "House 12, Palm Grove Lane",
  street: "Sector 21, Kharghar Node",
  city: "Navi Mumbai",
  state: "Maharashtra",
  pinCode: "410210",
  country: "India",
} satisfies AddressInput;

const TYPED_ADDRESS = {
  "First name": "Anika",
  "Last name": "Das",
  "Phone number": "9988776655",
  Building: "Flat 7C, Sea Breeze Towers",
  Street: "Carter Road, Bandra West",
  City: "Mumbai",
  // The PIN code fills in the state (Maharashtra), checked below.
  "PIN code": "400050",
};

function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** What has the focus now, for the failure message. */
function focusedDescription(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "the page itself";
    const name =
      element.getAttribute("aria-label") ??
      (element as HTMLElement).innerText?.trim().slice(0, 40) ??
      element.getAttribute("name");
    return `<${element.tagName.toLowerCase()}> "${name ?? ""}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails naming the target after MAX_PRESSES.
 * Only ever moves with the keyboard, as a keyboard user would.
 */
async function tabTo(page: Page, target: Locator, name: string, { backwards = false } = {}) {
  await expect(target, `${name} should be on the page`).toBeVisible();
  for (let presses = 0; presses <= MAX_PRESSES; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(
    `${name} could not be reached with ${backwards ? "Shift+Tab" : "Tab"} in ${MAX_PRESSES} presses; ` +
      `the focus ended on ${await focusedDescription(page)}`,
  );
}

/**
 * The focused control shows where the focus is: an outline on it, on its ::after (a card's whole-card
 * link) or on the label around it (an address card's radio).
 */
async function expectVisibleFocus(target: Locator, name: string) {
  const ring = await target.evaluate((element) => {
    const drawn = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const candidates = [getComputedStyle(element), getComputedStyle(element, "::after")];
    const label = element.closest("label");
    if (label) candidates.push(getComputedStyle(label));
    return candidates.some(drawn);
  });
  expect(ring, `${name} should show a visible focus indicator`).toBe(true);
}

/** The menu has the focus and points assistive technology at this item (aria-activedescendant). */
async function expectActiveItem(menu: Locator, name: string) {
  const id = await menu.getByRole("menuitem", { name }).getAttribute("id");
  expect(id, `the menu item ${name} should have an id`).toBeTruthy();
  await expect(menu).toHaveAttribute("aria-activedescendant", id ?? "");
}

async function typeInto(page: Page, field: Locator, name: string, text: string) {
  await tabTo(page, field, name);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test("a shopper signs in, finds a product, fills the cart, adds an address, places the order and pays with the keyboard alone", async ({
  page,
  newShopper,
}) => {
  // A shopper with one saved address already, so the address choice is a real radio group.
  const shopper = await newShopper(SAVED_ADDRESS.name);
  await saveAddress(shopper.api, SAVED_ADDRESS);

  await page.goto("/");
  const header = page.getByRole("banner");

  // Sign in from the header's Login link; Enter in the password field submits.
  await tabTo(page, header.getByRole("link", { name: "Login", exact: true }), "the header's Login link");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\/login/);
  await typeInto(page, page.getByLabel("Email"), "the Email field", shopper.email);
  await typeInto(page, page.getByLabel("Password"), "the Password field", shopper.password);
  await page.keyboard.press("Enter");
  await expect(header.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\//);

  // Search from the header, then open the product from the results.
  const search = header.getByRole("combobox", { name: "Search products" });
  await tabTo(page, search, "the header's search box");
  await expectVisibleFocus(search, "the search box");
  await page.keyboard.type(PRODUCT);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?keyword=/);
  const result = page.getByRole("main").getByRole("link", { name: PRODUCT, exact: true });
  await tabTo(page, result, `the result "${PRODUCT}"`);
  await expectVisibleFocus(result, "a product card's link");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();

  // Two of it: plus with Enter, then Add to cart with Space.
  const quantity = page.getByRole("main").getByRole("group", { name: "Quantity" });
  const plus = quantity.getByRole("button", { name: "Increase quantity" });
  await tabTo(page, plus, "the quantity's plus button");
  await expectVisibleFocus(plus, "the plus button");
  await page.keyboard.press("Enter");
  await expect(quantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  const addToCart = page.getByRole("button", { name: "Add to cart" });
  await tabTo(page, addToCart, "Add to cart");
  await expectVisibleFocus(addToCart, "Add to cart");
  await page.keyboard.press("Space");
  await expectToast(page, successes.addedToCart(2));

  // The cart, from the header's cart link, going back up the page with Shift+Tab.
  await tabTo(page, cartLink(header, 2), "the header's cart link", { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/cart");
  const cartLines = page.getByRole("list", { name: "Products in your cart" });
  await expect(cartLines.getByRole("listitem")).toHaveCount(1);
  const lineQuantity = cartLines.getByRole("group", { name: `Quantity of ${PRODUCT}` });
  await expect(lineQuantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  // Minus in the cart line, by keyboard, then plus again: the line follows.
  await tabTo(page, lineQuantity.getByRole("button", { name: "Decrease quantity" }), "the cart line's minus");
  await page.keyboard.press("Enter");
  await expect(lineQuantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  await tabTo(page, lineQuantity.getByRole("button", { name: "Increase quantity" }), "the cart line's plus");
  await page.keyboard.press("Space");
  await expect(lineQuantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  const proceed = page.getByRole("button", { name: /continue/i });
  await tabTo(page, proceed, "the cart's CONTINUE");
  await expectVisibleFocus(proceed, "CONTINUE");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/account/shipping");

  // A new address in the dialog: the focus moves into it, Escape closes it and gives the focus back
  // to the button; opened again, every field is typed and Enter saves.
  const addAddress = page.getByRole("button", { name: "Add address" });
  await tabTo(page, addAddress, "Add address");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add address" });
  await expect(dialog.getByRole("heading", { name: "Add address" })).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(addAddress).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("heading", { name: "Add address" })).toBeVisible();
  for (const [label, text] of Object.entries(TYPED_ADDRESS)) {
    await typeInto(page, dialog.getByLabel(label, { exact: true }), `the address form's ${label}`, text);
  }
  await expect(dialog.getByLabel("State", { exact: true })).toHaveValue("Maharashtra");
  await expect(dialog.getByLabel("Country code")).toHaveValue("91");
  await expect(dialog.getByLabel("Country", { exact: true })).toHaveValue("India");
  await page.keyboard.press("Enter");
  await expectToast(page, accountNotes.addressAdded);
  await expect(dialog).toHaveCount(0);

  // The saved addresses are a radio group: the arrows move the choice, the new one is chosen.
  const typed = page.getByRole("radio", { name: new RegExp(TYPED_ADDRESS.Building) });
  const saved = page.getByRole("radio", { name: new RegExp(SAVED_ADDRESS.building) });
  await expect(typed).toBeChecked();
  await tabTo(page, typed, "the chosen address");
  await expectVisibleFocus(typed, "the address radio");
  await page.keyboard.press("ArrowDown");
  await expect(saved).toBeChecked();
  await expect(saved).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(typed).toBeChecked();
  await tabTo(page, proceed, "the shipping page's CONTINUE");
  await page.keyboard.press("Enter");

  // Checkout: the typed address and the product, then Pay places the order.
  await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  await expect(page.getByText(TYPED_ADDRESS.Street)).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay", exact: true });
  await tabTo(page, pay, "the checkout's Pay button");
  await expectVisibleFocus(pay, "Pay");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);
  const orderId = page.url().split("/").pop() ?? "";

  // The test card, typed; Enter in the last field pays.
  const card = page.getByRole("form", { name: "Test card payment" });
  const cardNumber = card.getByLabel("Card number");
  await tabTo(page, cardNumber, "the card number");
  await expectVisibleFocus(cardNumber, "the card number");
  await page.keyboard.type(GOOD_CARD);
  await typeInto(page, card.getByLabel("Expiry (MM/YY)"), "the card expiry", "12/30");
  await typeInto(page, card.getByLabel("CVC"), "the card CVC", "123");
  await page.keyboard.press("Enter");
  await expectToast(page, successes.orderPaid);
  await expect(page.getByText("Amount paid")).toBeVisible();
  await expect(page.getByText("Status: processing")).toBeVisible();

  // The account menu opens with Enter and is walked with the arrows; Profile lists the order.
  const accountMenu = header.getByRole("button", { name: "Account menu" });
  await tabTo(page, accountMenu, "the account menu", { backwards: true });
  await expectVisibleFocus(accountMenu, "the account menu button");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeFocused();
  await expectActiveItem(menu, "Profile");
  await page.keyboard.press("ArrowDown");
  await expectActiveItem(menu, "My Orders");
  await page.keyboard.press("ArrowUp");
  await expectActiveItem(menu, "Profile");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/account/profile");
  const order = page.getByRole("list", { name: "Orders" }).getByRole("link", { name: new RegExp(orderId) });
  await expect(order).toContainText("Processing");
  await tabTo(page, order, "the order in the profile");
  await expectVisibleFocus(order, "the order link");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/account/orders/${orderId}`);
  await expect(page.getByText("Amount paid")).toBeVisible();
});

/** What `slowRendersWhileOpening` leaves on the page: the way back to the browser's own scheduling. */
interface Slowed {
  restoreScheduling?: () => void;
}

/**
 * Makes every CSS transition that starts from now on last 3 s rather than its 200 ms, so that the
 * test still finds the dialog's enter transition running on a slow machine, where a round trip to
 * the browser can take longer than the transition itself. `restoreScheduling` ends it.
 */
async function lengthenTransitions(page: Page) {
  await page.evaluate(() => {
    const lengthen = () => {
      for (const animation of document.getAnimations()) {
        if (animation instanceof CSSTransition) animation.effect?.updateTiming({ duration: 3_000 });
      }
    };
    document.addEventListener("transitionrun", lengthen, { capture: true });
    const restore = (window as Slowed).restoreScheduling;
    (window as Slowed).restoreScheduling = () => {
      restore?.();
      document.removeEventListener("transitionrun", lengthen, { capture: true });
    };
  });
}

/**
 * Waits until the dialog's enter animation is running, then makes React's scheduled renders wait
 * 50 ms, as on a busy CI machine: animation frames then come before React applies a state change.
 * NOTE: React's scheduler posts its work through a MessageChannel; urgent updates (a key press's)
 * do not go through it and still apply at once.
 */
async function slowRendersWhileOpening(dialog: Locator) {
  await dialog.evaluate(async (element) => {
    const animating = () =>
      element
        .getAnimations({ subtree: true })
        .some((animation) => animation instanceof CSSTransition && animation.playState === "running");
    const deadline = performance.now() + 2_000;
    while (!animating()) {
      if (performance.now() > deadline) throw new Error("the dialog should animate in");
      await new Promise(requestAnimationFrame);
    }
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: [unknown]) {
      setTimeout(() => post.apply(this, args), 50);
    };
    const restore = (window as Slowed).restoreScheduling;
    (window as Slowed).restoreScheduling = () => {
      restore?.();
      MessagePort.prototype.postMessage = post;
    };
  });
}

test.describe("signed in as the shopper", () => {
  test.use({ signedInAs: "shopper" });

  test("a dialog closed with Escape while it is still opening is gone at once and gives the focus back", async ({
    page,
  }) => {
    await page.goto("/");
    const accountMenu = page.getByRole("banner").getByRole("button", { name: "Account menu" });
    await tabTo(page, accountMenu, "the account menu");
    await page.keyboard.press("Enter");
    await expectActiveItem(page.getByRole("menu"), "Profile");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/account/profile");

    // Escape in the middle of the enter animation, on a busy page: Headless UI's transitions then
    // left the closed dialog on the page for good, over the page and taking its clicks (Headless UI
    // issue #3892).
    const addAddress = page.getByRole("button", { name: "Add address" });
    await tabTo(page, addAddress, "Add address");
    await lengthenTransitions(page);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await expect(dialog.getByRole("heading", { name: "Add address" })).toBeVisible();
    await slowRendersWhileOpening(dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(addAddress).toBeFocused();
    await page.evaluate(() => (window as Slowed).restoreScheduling?.());

    // The page is usable again: the same button opens the dialog, and Escape closes it.
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Add address" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(addAddress).toBeFocused();
  });
});

test.describe("on a phone, signed in as the shopper", () => {
  test.use({ signedInAs: "shopper", viewport: { width: 390, height: 700 } });

  test("a dialog taller than the screen opens at its title and scrolls to its buttons", async ({ page }) => {
    await page.goto("/account/profile");
    await page.getByRole("button", { name: "Add address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    // The panel used to sit centred in a box of the screen's height, its top out of reach above it.
    await expect(dialog.getByRole("heading", { name: "Add address" })).toBeInViewport();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport();
    const save = dialog.getByRole("button", { name: "Save address" });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("with less motion asked for, signed in as the shopper", () => {
  test.use({ signedInAs: "shopper", reducedMotion: "reduce" });

  test("a dialog opens in place, without its slide and fade", async ({ page }) => {
    await page.goto("/account/profile");
    await page.getByRole("button", { name: "Add address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await expect(dialog.getByRole("heading", { name: "Add address" })).toBeVisible();
    // Every element of the dialog, the panel that slides included, changes without a transition.
    const timed = await page.evaluate(() =>
      Array.from(document.querySelectorAll("[role=dialog], [role=dialog] *"))
        .map((element) => getComputedStyle(element).transitionDuration)
        .filter((durations) => durations.split(",").some((duration) => duration.trim() !== "0s")),
    );
    expect(timed).toEqual([]);
  });
});
