/**
 * Ready to Ship's batch: each order booked whole with the courier the rule picks, one after another
 * (a few at a time), an order that fails told with why and the rest going on; then one PDF of every
 * booked parcel's label and the pickup manifest.
 */
import { shipping } from "@shop/shared/messages";
import type { CourierRule } from "@shop/shared/schemas/parcel";
import type { ShiprocketBatchDto, ShiprocketBatchInput } from "@shop/shared/schemas/shiprocket";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { MailContext } from "#api/modules/email/service";
import { type Actor, findOrdersByIds } from "#api/modules/orders/service";
import { ShiprocketError } from "#api/shipping/shiprocket/client";
import { bookParcel } from "./booking";
import { planParcel } from "./parcel";
import { preselect, quoteParcel, readShippableOrder, type ShiprocketContext, unitsOf } from "./quote";

/** How many orders are booked at once: Shiprocket limits callers it does not name; a few is polite and quick. */
const AT_ONCE = 4;

type Shipped = ShiprocketBatchDto["shipped"][number];
type Failed = ShiprocketBatchDto["failed"][number];

/** Books one order of the batch whole with the courier `rule` picks. */
async function bookWhole(
  ctx: ShiprocketContext,
  actor: Actor,
  orderId: string,
  rule: CourierRule,
  mail: MailContext,
) {
  const order = await readShippableOrder(ctx.db, orderId);
  const units = await unitsOf(ctx.db, order.id, undefined);
  const parcel = await planParcel(ctx.db, order.id, units, ctx.settings);
  if (parcel.ewaybillRequired) throw new AppError("BAD_REQUEST", shipping.ewaybillRequired);
  const { list } = await quoteParcel(ctx, order, parcel);
  const courierId = preselect(list, rule);
  if (courierId === undefined) throw new AppError("UNPROCESSABLE", shipping.noCourier);
  return { number: order.number, shipment: await bookParcel(ctx, actor, order.id, { courierId }, mail) };
}

/** POST /shiprocket/batches. */
export async function shipBatch(
  ctx: ShiprocketContext,
  actor: Actor,
  input: ShiprocketBatchInput,
  mail: MailContext,
  log: FastifyBaseLogger,
): Promise<ShiprocketBatchDto> {
  const rule = input.rule ?? ctx.settings.courierRule;
  const numbers = new Map(
    (await findOrdersByIds(ctx.db, input.orders)).map(({ order }) => [order.id, order.number]),
  );
  const shipped: (Shipped & { srShipmentId: number })[] = [];
  const failed: Failed[] = [];
  const queue = [...input.orders];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        const { number, shipment } = await bookWhole(ctx, actor, id, rule, mail);
        const { srShipmentId, ...dto } = shipment;
        shipped.push({ order: id, number, shipment: dto, srShipmentId });
      } catch (error) {
        if (!(error instanceof AppError)) log.error({ err: error, order: id }, "a batch's booking failed");
        const message = error instanceof AppError ? error.message : shipping.shiprocketUnavailable;
        failed.push({ order: id, number: numbers.get(id) ?? null, message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, input.orders.length) }, worker));
  // In the order staff chose them.
  const rank = new Map(input.orders.map((id, index) => [id, index]));
  const byRank = (a: { order: string }, b: { order: string }) =>
    (rank.get(a.order) ?? 0) - (rank.get(b.order) ?? 0);
  shipped.sort(byRank);
  failed.sort(byRank);
  const ids = shipped.map((s) => s.srShipmentId);
  return {
    shipped: shipped.map(({ srShipmentId: _id, ...row }) => row),
    failed,
    labelsPdf: ids.length > 0 ? await mergedLabels(ctx, ids, log) : null,
    manifestPdf: ids.length > 0 ? await manifest(ctx, ids, log) : null,
  };
}

/** One PDF of the labels; null (each parcel's own label stands) when Shiprocket makes none. */
async function mergedLabels(ctx: ShiprocketContext, ids: number[], log: FastifyBaseLogger) {
  try {
    return (await ctx.client.generateLabel(ids)).label_url;
  } catch (error) {
    if (!(error instanceof ShiprocketError)) throw error;
    log.warn({ reason: error.details.reason }, "Shiprocket made no merged label");
    return null;
  }
}

async function manifest(ctx: ShiprocketContext, ids: number[], log: FastifyBaseLogger) {
  try {
    return (await ctx.client.generateManifest(ids)).manifest_url;
  } catch (error) {
    if (!(error instanceof ShiprocketError)) throw error;
    log.warn({ reason: error.details.reason }, "Shiprocket made no manifest");
    return null;
  }
}
