import path from "node:path";
import { INDIAN_STATE_NAMES } from "@shop/shared/india";
import { accountNotes, hints, settingsPage, validation } from "@shop/shared/messages";
import { signInThroughForm } from "./support/auth-forms";
import { expect, test } from "./support/fixtures";
import { screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";

/** Tamil Nadu's code (33), a PAN, and the check character GST.md's rule gives them. */
const TAMIL_NADU_GSTIN = "33AAPFU0939F1Z2";

test.describe("India's states in the address form", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a shopper on a phone picks a state from the list with the keyboard, gives a GSTIN, and edits the address to another state", async ({
    page,
    newShopper,
  }, testInfo) => {
    const shopper = await newShopper({ firstName: "Lakshmi", lastName: "Iyer" });
    await signInThroughForm(page, shopper);
    await page.goto("/account/profile");

    await page.getByRole("button", { name: "Add address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await dialog.getByLabel("First name").fill("Lakshmi");
    await dialog.getByLabel("Last name").fill("Iyer");
    await dialog.getByLabel("Phone number").fill("9840012345");
    await dialog.getByLabel("Building").fill("Flat 3, Lotus Apartments");
    await dialog.getByLabel("Street").fill("Besant Nagar 2nd Avenue");
    await dialog.getByLabel("City").fill("Chennai");

    // The state is a labelled select of the 36 states and union territories, none chosen yet.
    const state = dialog.getByRole("combobox", { name: "State" });
    await expect(state.getByRole("option")).toHaveText([hints.chooseState, ...INDIAN_STATE_NAMES]);
    await expect(state).toHaveValue("");
    // Picked from the keyboard: the select jumps to the name typed.
    await state.focus();
    await page.keyboard.type("Tamil");
    await expect(state).toHaveValue("Tamil Nadu");
    // A PIN code fills in its state (India Post's zones): Goa's, then Chennai's.
    const pinCode = dialog.getByRole("textbox", { name: "PIN code" });
    await pinCode.fill("403001");
    await expect(state).toHaveValue("Goa");
    await pinCode.fill("600090");
    await expect(state).toHaveValue("Tamil Nadu");
    const box = await state.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

    // A GSTIN of another state is refused under its field; Tamil Nadu's is taken, upper-cased.
    const gstin = dialog.getByRole("textbox", { name: hints.gstinOptional });
    await gstin.fill("29AAPFU0939F1ZR");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog.getByText(validation.gstinOtherState("Tamil Nadu", "33"))).toBeVisible();
    await gstin.fill(TAMIL_NADU_GSTIN.toLowerCase());
    // With a GSTIN the business's legal name is asked for, under its field.
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog.getByText(validation.legalNameRequired)).toBeVisible();
    await dialog.getByRole("textbox", { name: hints.legalName }).fill("Kaveri Textiles Pvt Ltd");
    await screenshots(page, "address-form-state", (name) => testInfo.outputPath(name), { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByRole("button", { name: "Save address" }).click();
    await closeToast(page, accountNotes.addressAdded);
    await expect(dialog).toHaveCount(0);

    const card = page.getByRole("list", { name: "Addresses" }).getByRole("listitem");
    await expect(card).toContainText("Chennai, Tamil Nadu 600090");
    await expect(card).toContainText(`GSTIN: ${TAMIL_NADU_GSTIN}`);
    await screenshots(page, "address-book-gstin", (name) => testInfo.outputPath(name));
    await page.setViewportSize({ width: 390, height: 844 });

    // Moving to Karnataka: the GSTIN of Tamil Nadu no longer fits, and is taken off.
    await card.getByRole("button", { name: /^Edit address of/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit address" });
    const editState = edit.getByRole("combobox", { name: "State" });
    await expect(editState).toHaveValue("Tamil Nadu");
    await editState.selectOption("Karnataka");
    await edit.getByRole("button", { name: "Save address" }).click();
    await expect(edit.getByText(validation.gstinOtherState("Karnataka", "29"))).toBeVisible();
    // Chennai's PIN code is not in Karnataka: said at the PIN code, naming both.
    await expect(
      edit.getByText(validation.pinCodeOtherState("600090", ["Tamil Nadu"], "Karnataka")),
    ).toBeVisible();
    await edit.getByRole("textbox", { name: hints.gstinOptional }).fill("");
    await edit.getByRole("textbox", { name: "City" }).fill("Bengaluru");
    await edit.getByRole("textbox", { name: "PIN code" }).fill("560001");
    await edit.getByRole("button", { name: "Save address" }).click();
    await closeToast(page, accountNotes.addressUpdated);
    await expect(card).toContainText("Bengaluru, Karnataka 560001");
    await expect(card).not.toContainText("GSTIN");
  });
});

test.describe("India's states in the shop's settings", () => {
  test.use({ signedInAs: "admin", viewport: { width: 390, height: 844 } });

  // NOTE: the journeys share their servers: nothing is saved here.
  test("the admin picks the store's state from the list, and a shipping method's states from a checklist of the 36", async ({
    page,
  }, testInfo) => {
    await page.goto("/dashboard/settings");
    const store = page.getByRole("form", { name: settingsPage.sections.store.title });
    const state = store.getByRole("combobox", { name: settingsPage.store.state });
    await expect(state.getByRole("option")).toHaveText([hints.chooseState, ...INDIAN_STATE_NAMES]);
    await expect(state).toHaveValue("Maharashtra");

    const shipping = page.getByRole("form", { name: settingsPage.sections.shipping.title });
    const standard = shipping.getByRole("group", { name: "Standard" });
    await standard.getByRole("switch", { name: settingsPage.shipping.allStates }).click();
    const states = standard.getByRole("group", { name: settingsPage.shipping.states });
    await expect(states.getByRole("checkbox")).toHaveCount(36);
    // Ticked from the keyboard.
    await states.getByRole("checkbox", { name: "Goa" }).focus();
    await page.keyboard.press("Space");
    await expect(states.getByRole("checkbox", { name: "Goa" })).toBeChecked();
    await states.getByRole("checkbox", { name: "Kerala" }).check();
    const box = await states.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // The checklist in view at a phone's and a desktop's width (screenshots() would leave it scrolled off).
    const folder = process.env.E2E_SCREENSHOTS;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await states.scrollIntoViewIfNeeded();
      const file = `shipping-method-states-${width}.png`;
      await page.screenshot({ path: folder ? path.join(folder, file) : testInfo.outputPath(file) });
    }
  });
});
