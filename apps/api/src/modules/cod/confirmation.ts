/**
 * A cash on delivery order confirmed before it ships (decision 037). Choosing cash on delivery leaves
 * the order waiting (orders.cod_confirmation 'pending', the link's token kept as a sha-256); the
 * shopper confirms through the email's link or their order page, or staff by phone, and only then is
 * it ready to ship. Unconfirmed after the owner's hours (counted from the placement), the sweep
 * cancels it: stock back, its pending payment closed, the shopper told.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { api, codConfirmation, whatsappNotes } from "@shop/shared/messages";
import type { CodConfirmedVia } from "@shop/shared/messaging";
import { isStaff } from "@shop/shared/roles";
import type { CodConfirmedDto } from "@shop/shared/schemas/order";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { recordActivity } from "#api/modules/activity/record";
import { giveUsesBack } from "#api/modules/discounts/service";
import { orderCancelledEmail } from "#api/modules/email/order-messages";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import {
  type Actor,
  actorOf,
  findOrderRow,
  findOrdersByIds,
  insertOrderEvents,
  lockOrder,
  orderSubject,
  returnStock,
} from "#api/modules/orders/service";
import { cancelUnconfirmedCod, confirmCodRow, failCodPayments, lockUnconfirmedCod } from "./repo";

/** A new token for an order's confirmation link, and the sha-256 the order keeps of it. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOf(token) };
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether a token is the one whose sha-256 the order keeps, compared in constant time. */
export function tokenMatches(token: string, kept: string | null): boolean {
  if (!kept) return false;
  const given = Buffer.from(hashOf(token), "hex");
  const expected = Buffer.from(kept, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Who confirms: the holder of the link's token (by the email's link, or `via` a tap on WhatsApp's
 * "Confirm order", whose payload carries it), or a signed-in caller (the order's shopper, or staff).
 */
export type Confirmer = { token: string; via?: "whatsapp" } | { viewer: Actor | null };

/**
 * Confirms a cash on delivery order waiting for it, once: confirmed already answers as it is (200);
 * 409 for one that was cancelled or never waited; 404 for a token not the order's, or a caller who is
 * neither its shopper nor staff; 401 without a token or a session. The history row (and, for staff,
 * the activity entry and the "by phone" note) are written with it.
 */
export async function confirmCod(db: Database, orderId: string, by: Confirmer): Promise<CodConfirmedDto> {
  const viewer = "viewer" in by ? by.viewer : null;
  if ("viewer" in by && !viewer) throw new AppError("UNAUTHORIZED", api.notSignedIn);
  const seen = await findOrderRow(db, orderId);
  if ("token" in by) {
    if (!seen || !tokenMatches(by.token, seen.codConfirmTokenHash))
      throw new AppError("NOT_FOUND", codConfirmation.linkInvalid);
  } else if (!seen || !viewer || (seen.userId !== viewer.id && !isStaff(viewer))) {
    throw new AppError("NOT_FOUND", api.orderNotFound);
  }
  const byStaff = viewer !== null && isStaff(viewer) && viewer.id !== seen.userId;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
    const answer = (state: CodConfirmedDto["codConfirmation"]) => ({
      _id: order.id,
      number: order.number,
      codConfirmation: state,
    });
    if (order.codConfirmation === "confirmed") return answer("confirmed");
    if (order.codConfirmation === "cancelled" || order.status === "cancelled")
      throw new AppError("CONFLICT", codConfirmation.orderCancelled);
    const via: CodConfirmedVia = "token" in by ? (by.via ?? "email") : byStaff ? "phone" : "account";
    if (order.codConfirmation !== "pending" || !(await confirmCodRow(tx, order.id, via)))
      throw new AppError("CONFLICT", codConfirmation.notAwaiting);
    // The link was sent to the order's shopper: a confirmation by its token is theirs.
    const actor = viewer ?? (await findOrdersByIds(tx, [order.id]))[0]?.user ?? null;
    await insertOrderEvents(tx, [
      {
        orderId: order.id,
        type: "cod",
        status: order.status,
        note: byStaff
          ? codConfirmation.byPhoneNote
          : via === "whatsapp"
            ? whatsappNotes.confirmedByTap
            : null,
        ...actorOf(actor),
      },
    ]);
    if (byStaff && viewer)
      await recordActivity(
        tx,
        viewer,
        "order.cod_confirmed",
        orderSubject(order),
        { codConfirmation: "pending" },
        { codConfirmation: "confirmed" },
      );
    return answer("confirmed");
  });
}

/**
 * Cancels the cash on delivery orders left unconfirmed longer than `confirmHours` since they were
 * placed, a batch at a time: their units back in stock (and off the best sellers), their pending
 * payment failed, a discount code's use given back, the history row and the shopper's email, in one
 * transaction. Safe in every instance at once (rows claimed with SKIP LOCKED); answers how many.
 */
export async function sweepUnconfirmedCod(
  db: Database,
  confirmHours: number,
  mail: MailContext,
  batch = 100,
): Promise<number> {
  const cutoff = new Date(Date.now() - confirmHours * 60 * 60_000);
  return db.transaction(async (tx) => {
    // Only an order still being prepared: nothing of it has left (shipping it asks for the confirmation).
    const due = (await lockUnconfirmedCod(tx, cutoff, batch)).filter(
      (order) => order.status === "processing",
    );
    if (due.length === 0) return 0;
    const ids = due.map((order) => order.id);
    for (const id of ids)
      await returnStock(tx, id, {
        wasPaid: true,
        why: { cause: "cancel", note: codConfirmation.notConfirmedNote(confirmHours) },
      });
    await failCodPayments(tx, ids);
    await giveUsesBack(
      tx,
      due.filter((order) => order.discountId).map((order) => order.id),
    );
    await cancelUnconfirmedCod(tx, ids);
    // No actor: the shop's rule cancelled them.
    await insertOrderEvents(
      tx,
      ids.map((id) => ({
        orderId: id,
        type: "cancelled" as const,
        status: "cancelled" as const,
        note: codConfirmation.notConfirmedNote(confirmHours),
      })),
    );
    const cancelled = await findOrdersByIds(tx, ids);
    await queueEmails(
      tx,
      mail.shop,
      cancelled.map(({ order, user }) => orderCancelledEmail(user, order, "codUnconfirmed", mail)),
    );
    return due.length;
  });
}
