/**
 * The journeys that ship through Shiprocket run on a shop server of their own, connected to the
 * fake of Shiprocket's API (apps/api/test/shiprocket-fake.ts): the other journeys' shops are not
 * connected, as a shop without SHIPROCKET_EMAIL is not, and keep their dialogs as they are. The worker
 * that runs such a spec starts both the first time one of its tests asks, and stops them when it ends.
 * The fake stands in for the courier too: its scans move a parcel, and it posts Shiprocket's tracking
 * update to the shop (`postTrackingUpdate`).
 */
import { ShiprocketFake } from "../../apps/api/test/shiprocket-fake";
import { test as shopTest } from "./fixtures";
import { startShop, stop } from "./own-shop";

export { expect } from "./fixtures";

export interface ShiprocketShop {
  /** The shop server connected to Shiprocket's fake. */
  url: string;
  fake: ShiprocketFake;
  /** Where Shiprocket's tracking webhook posts (the shop's POST /api/tracking/updates). */
  trackingUrl: string;
}

/** The journeys' `test`, on the shop server connected to Shiprocket: every fixture of support/fixtures.ts, and `shiprocket`. */
export const test = shopTest.extend<Record<never, never>, { shiprocket: ShiprocketShop }>({
  shiprocket: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const fake = await ShiprocketFake.start();
      let shop: Awaited<ReturnType<typeof startShop>> | undefined;
      try {
        shop = await startShop({ ...fake.env }, "the Shiprocket shop server");
        await use({ url: shop.url, fake, trackingUrl: `${shop.url}/api/tracking/updates` });
      } finally {
        if (shop) await stop(shop.child);
        await fake.close();
      }
    },
    // Seeding the demo catalogue is most of a server's start.
    { scope: "worker", timeout: 180_000 },
  ],
  shopURL: [async ({ shiprocket }, use) => use(shiprocket.url), { scope: "worker" }],
});
