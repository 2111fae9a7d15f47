/**
 * The admin registers a webhook endpoint on a receiver the test starts (node:http on 127.0.0.1), sees
 * its secret once, sees the delivery of an event with its answer, and sends it again: the receiver
 * gets the same webhook-id twice, each signed as the Standard Webhooks reference verifies.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookWords } from "@shop/shared/messages";
import { Webhook } from "standardwebhooks";
import { dataOf } from "./support/api";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";

test.use({ signedInAs: "admin" });

const { page: labels } = webhookWords;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering 200 to every POST, keeping each. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/shop-events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signed = ({ headers }: Received) => ({
  "webhook-id": String(headers["webhook-id"]),
  "webhook-timestamp": String(headers["webhook-timestamp"]),
  "webhook-signature": String(headers["webhook-signature"]),
});

test("the admin registers an endpoint, copies its secret once, sees a delivery and sends it again", async ({
  page,
  api,
}, testInfo) => {
  const receiver = await startReceiver();
  const admin = await api.as("admin");
  try {
    await page.goto("/dashboard/webhooks");
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: labels.title })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: labels.title })).toBeVisible();
    await page.getByRole("button", { name: labels.add }).click();
    const form = page.getByRole("dialog", { name: labels.addTitle });
    await form.getByLabel(labels.url).fill(receiver.url);
    await form.getByRole("checkbox", { name: /product\.updated/ }).check();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`webhook-form-${width}.png`) });
    }
    await form.getByRole("button", { name: labels.add }).click();

    const shown = page.getByRole("dialog", { name: labels.secretTitle });
    const secret = (await shown.getByRole("status", { name: labels.secretTitle }).textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`webhook-secret-${width}.png`) });
    }
    await shown.getByRole("button", { name: labels.done }).click();
    await expect(shown).toBeHidden();
    // Shown once: the page, read again, has no secret on it.
    await page.goto("/dashboard/webhooks");
    await expect(page.getByRole("cell", { name: receiver.url, exact: true })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // An event: a product changed by staff.
    const product = await firstProduct(admin);
    await dataOf(
      await admin.patch(`/api/products/${product._id}`, {
        data: { key: "isActive", value: true, productId: product._id },
      }),
      200,
    );
    await expect.poll(() => receiver.received.length).toBe(1);
    const [first] = receiver.received;
    if (!first) throw new Error("nothing received");
    const event = new Webhook(secret).verify(first.body, signed(first)) as { type: string; data: unknown };
    expect(event).toMatchObject({ type: "product.updated", data: { product: { _id: product._id } } });

    await page.getByRole("button", { name: `${labels.deliveries} ${receiver.url}` }).click();
    const deliveries = page.getByRole("table", { name: labels.deliveriesOf(receiver.url) });
    const row = deliveries.getByRole("row").filter({ hasText: "product.updated" });
    await expect(row).toContainText(webhookWords.deliveryStatuses.succeeded);
    await expect(row).toContainText("200");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`webhooks-${width}.png`), fullPage: true });
    }

    await row.getByRole("button", { name: new RegExp(`^${labels.redeliver}`) }).click();
    await expect(page.getByText(webhookWords.redeliveryQueued)).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);
    const [, again] = receiver.received;
    if (!again) throw new Error("not received again");
    expect(signed(again)["webhook-id"]).toBe(signed(first)["webhook-id"]);
    expect(new Webhook(secret).verify(again.body, signed(again))).toEqual(event);
    await expect(row).toContainText(webhookWords.deliveryStatuses.succeeded);
  } finally {
    // Other journeys on this server change products: the endpoint goes with the test.
    const endpoints = await dataOf<{ _id: string; url: string }[]>(await admin.get("/api/webhooks"), 200);
    for (const endpoint of endpoints.filter((e) => e.url === receiver.url))
      await admin.delete(`/api/webhooks/${endpoint._id}`);
    await receiver.close();
  }
});
