/**
 * The journeys that message shoppers on WhatsApp run on a shop server of their own, connected to the
 * fake of Meta's Graph API (apps/api/test/whatsapp-fake.ts), as the Shiprocket journeys do: the other
 * journeys' shops are not connected. The fake records what the shop sends and stands in for the
 * shopper's phone: it posts Meta's signed webhooks (a tap on "Confirm order", a status) to the shop.
 */
import { WhatsAppFake } from "../../apps/api/test/whatsapp-fake";
import { test as shopTest } from "./fixtures";
import { startShop, stop } from "./own-shop";

export { expect } from "./fixtures";

export interface WhatsAppShop {
  /** The shop server connected to the fake. */
  url: string;
  fake: WhatsAppFake;
  /** Where Meta posts its webhook (the shop's POST /api/whatsapp/webhook). */
  webhookUrl: string;
}

/** The journeys' `test`, on the shop server connected to WhatsApp: every fixture of support/fixtures.ts, and `whatsapp`. */
export const test = shopTest.extend<Record<never, never>, { whatsapp: WhatsAppShop }>({
  whatsapp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const fake = await WhatsAppFake.start();
      let shop: Awaited<ReturnType<typeof startShop>> | undefined;
      try {
        shop = await startShop(
          {
            WHATSAPP_TOKEN: fake.token,
            WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
            WHATSAPP_APP_SECRET: fake.appSecret,
            WHATSAPP_VERIFY_TOKEN: "journey-verify-token",
            WHATSAPP_API_BASE: fake.url,
          },
          "the WhatsApp shop server",
        );
        await use({ url: shop.url, fake, webhookUrl: `${shop.url}/api/whatsapp/webhook` });
      } finally {
        if (shop) await stop(shop.child);
        await fake.close();
      }
    },
    // Seeding the demo catalogue is most of a server's start.
    { scope: "worker", timeout: 180_000 },
  ],
  shopURL: [async ({ whatsapp }, use) => use(whatsapp.url), { scope: "worker" }],
});
