import { api as apiMessages } from "@shop/shared/messages";
import type { EmailDto, EmailSummaryDto } from "@shop/shared/schemas/email";
import { PASSWORD } from "./support/accounts";
import { dataOf } from "./support/api";
import { expect, test } from "./support/fixtures";
import { expectToast } from "./support/toasts";

const NEW_PASSWORD = "Renewed@2026";

test("a shopper who forgot the password gets a link by email, sets a new password and is signed in; the admin reads the message on the Emails page", async ({
  page,
  browser,
  api,
  newShopper,
  roles,
  shopURL,
}) => {
  const shopper = await newShopper({ firstName: "Nisha", lastName: "Verma" });

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/auth/forgot-password");
  // NOTE: the address changes as the navigation starts, the page once its code is in (a transition):
  // until then the login page, with an Email field of its own, is the one on screen.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(apiMessages.resetLinkSent);

  // The built-in mailbox, read as the admin reads it: the reset message to this shopper.
  const admin = await api.as("admin");
  const query = `keyword=${encodeURIComponent(shopper.email)}&size=20`;
  let reset: EmailSummaryDto | undefined;
  await expect
    .poll(async () => {
      const list = await dataOf<EmailSummaryDto[]>(await admin.get(`/api/emails?${query}`), 200);
      reset = list.find((email) => email.kind === "passwordReset" && email.recipient === shopper.email);
      return reset?.status;
    })
    .toBe("sent");
  if (!reset) throw new Error("no reset message");
  const message = await dataOf<EmailDto>(await admin.get(`/api/emails/${reset._id}`), 200);
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no reset link in the message:\n${message.text}`);

  // The link names the shop's configured origin; the journey's server is on its own port.
  const { pathname, search } = new URL(link);
  await page.goto(pathname + search);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();

  await expect(page).toHaveURL("/");
  await expectToast(page, apiMessages.passwordReset);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  const me = await dataOf<{ email: string }>(await page.request.get("/api/users/current-user"), 200);
  expect(me.email).toBe(shopper.email);

  // The link works once; the old password is gone, the new one signs in.
  await page.goto(pathname + search);
  await page.getByLabel("New password").fill("Another@2026");
  await page.getByLabel("Confirm password").fill("Another@2026");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: apiMessages.resetLinkInvalid })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  const anonymous = await api.signedOut();
  expect(
    (
      await anonymous.post("/api/auth/login", { data: { email: shopper.email, password: PASSWORD } })
    ).status(),
  ).toBe(401);
  await dataOf(
    await anonymous.post("/api/auth/login", { data: { email: shopper.email, password: NEW_PASSWORD } }),
    200,
  );

  // The admin finds the message on the Emails page and opens it.
  const context = await browser.newContext({
    baseURL: shopURL,
    storageState: await roles.storageState("admin"),
  });
  try {
    const adminPage = await context.newPage();
    await adminPage.goto("/dashboard/home");
    await adminPage
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Emails" })
      .click();
    await expect(adminPage).toHaveURL("/dashboard/emails");
    await adminPage.getByRole("searchbox", { name: "Search emails" }).fill(shopper.email);
    await adminPage.getByRole("searchbox", { name: "Search emails" }).press("Enter");
    const table = adminPage.getByRole("table", { name: "All Emails" });
    await expect(table.getByRole("row").filter({ hasText: shopper.email })).toHaveCount(3);
    await table.getByRole("link", { name: message.subject }).click();

    await expect(adminPage).toHaveURL(`/dashboard/emails/${reset._id}`);
    await expect(adminPage.getByRole("heading", { name: message.subject })).toBeVisible();
    const frame = adminPage.getByTitle(`HTML of ${message.subject}`);
    await expect(frame).toHaveAttribute("sandbox", "");
    // The HTML part is drawn inside the sandboxed frame (the page's CSP lets a srcdoc frame render).
    const html = adminPage.frameLocator(`iframe[title="HTML of ${message.subject}"]`);
    await expect(html.getByText(`Hello ${shopper.name.firstName},`)).toBeVisible();
    await expect(html.getByRole("link", { name: "Reset your password" })).toBeVisible();
    await expect(adminPage.getByText(link)).toBeVisible();

    // At 390 px the long link wraps inside its cards: the page and the message scroll no sideways.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    const pageOverflow = await adminPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    const text = adminPage.locator("pre").filter({ hasText: link });
    expect(await text.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBeLessThanOrEqual(0);
    const htmlOverflow = await html
      .locator("body")
      .evaluate(
        (body) =>
          body.ownerDocument.documentElement.scrollWidth - body.ownerDocument.documentElement.clientWidth,
      );
    expect(htmlOverflow).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});
