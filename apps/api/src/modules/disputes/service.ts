/**
 * Disputes (chargebacks) of payments (docs/decisions/045-disputes.md): what Razorpay's and PayPal's
 * webhooks report is recorded once per provider dispute and moved with each later event, never back
 * out of won, lost or closed; the owner is told when one opens; staff mark the evidence sent; a lost
 * one is money gone, which the sales report counts as a chargeback.
 */
import { DISPUTE_LIST_MAX, type DisputeState, FINAL_DISPUTE_STATES } from "@shop/shared/constants";
import { activityPage, disputeWords } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { fullName } from "@shop/shared/names";
import { fromCents } from "@shop/shared/pricing";
import type { DisputeDto, DisputeEvidenceInput, DisputeListDto } from "@shop/shared/schemas/dispute";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Dispute } from "#api/db/schema/disputes";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import type { ProviderDispute } from "#api/payments/provider";
import {
  type DisputeRow,
  findActiveAdmins,
  findDispute,
  findPaymentOfTransaction,
  insertDispute,
  listDisputes,
  lockDispute,
  lockProviderDispute,
  sumLostDisputes,
  updateDispute,
} from "./repo";

/** What a dispute's webhook did: recorded or moved it, found it as it was, or found no payment of the shop. */
export type DisputeOutcome = "recorded" | "duplicate" | "ignored";

const FINAL: ReadonlySet<DisputeState> = new Set(FINAL_DISPUTE_STATES);
export const isFinal = (state: DisputeState) => FINAL.has(state);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function disputeDto(row: DisputeRow): DisputeDto {
  return {
    _id: row.id,
    payment: row.paymentId,
    transactionId: row.transactionId,
    order: row.orderId,
    orderNumber: row.orderNumber,
    provider: row.provider,
    providerDisputeId: row.providerDisputeId,
    amount: row.amount,
    currency: row.currency,
    reason: row.reasonCode,
    reasonText: row.reasonText,
    phase: row.phase,
    state: row.state,
    respondBy: iso(row.respondBy),
    evidence: row.evidenceSentAt
      ? {
          sentAt: row.evidenceSentAt.toISOString(),
          note: row.evidenceNote ?? "",
          by: row.evidenceByName ?? "",
        }
      : null,
    resolvedAt: iso(row.resolvedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The fields an event sets: the provider's figures, and the moments of an end. */
function reported(dispute: ProviderDispute, now: Date) {
  return {
    amount: fromCents(dispute.amount.cents),
    currency: dispute.amount.currency,
    reasonCode: dispute.reasonCode,
    reasonText: dispute.reasonText,
    phase: dispute.phase,
    state: dispute.state,
    respondBy: dispute.respondBy,
    lostAt: dispute.state === "lost" ? now : null,
    resolvedAt: isFinal(dispute.state) ? now : null,
  };
}

/** Whether the event says anything the row does not hold already. */
function changes(row: Dispute, values: ReturnType<typeof reported>): boolean {
  return (
    row.state !== values.state ||
    row.phase !== values.phase ||
    row.amount !== values.amount ||
    row.currency !== values.currency ||
    row.reasonCode !== values.reasonCode ||
    row.reasonText !== values.reasonText ||
    iso(row.respondBy) !== iso(values.respondBy)
  );
}

/** "Nov 30, 2026, 11:59 PM UTC": a deadline as the email writes it. */
function deadline(date: Date, locale: string): string {
  const written = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date);
  return `${written} UTC`;
}

/** Every active admin's email about a dispute that opened, in the transaction that records it. */
async function tellAdmins(db: Database, dispute: Dispute, orderNumber: number, mail: MailContext) {
  const admins = await findActiveAdmins(db);
  const m = disputeWords.mail;
  const amount = formatMoney(dispute.amount, { code: dispute.currency, locale: mail.locale });
  const respondBy = dispute.respondBy ? deadline(dispute.respondBy, mail.locale) : null;
  await queueEmails(
    db,
    mail.shop,
    admins.map((admin) => ({
      kind: "disputeOpened" as const,
      to: admin.email,
      subject: m.subject(orderNumber),
      parts: {
        firstName: admin.firstName,
        lines: m.lines(orderNumber, amount, dispute.reasonText, respondBy),
        action: { label: m.action, url: `${mail.origin}/dashboard/disputes/open` },
      },
    })),
  );
}

/**
 * A dispute a provider's webhook reported (Razorpay's payment.dispute.*, PayPal's CUSTOMER.DISPUTE.*),
 * in one transaction: the first event of it records it against the payment its transaction id names
 * and, unless it has ended already, emails every active admin; a later one moves it to what the
 * provider says now. One that has ended (won, lost, closed) never changes again, so an event
 * delivered late or twice changes nothing; lost dates the chargeback. A dispute of a payment the
 * shop does not know is logged and ignored.
 */
export async function recordProviderDispute(
  db: Database,
  dispute: ProviderDispute,
  log: FastifyBaseLogger,
  mail: MailContext,
): Promise<DisputeOutcome> {
  return db.transaction(async (tx): Promise<DisputeOutcome> => {
    const payment = await findPaymentOfTransaction(tx, dispute.transactionId);
    if (!payment) {
      log.warn(
        { provider: dispute.provider, dispute: dispute.id, transaction: dispute.transactionId },
        "a dispute of no payment of the shop; ignored",
      );
      return "ignored";
    }
    const now = new Date();
    const values = reported(dispute, now);
    let row = await lockProviderDispute(tx, dispute.provider, dispute.id);
    if (!row) {
      const inserted = await insertDispute(tx, {
        provider: dispute.provider,
        providerDisputeId: dispute.id,
        paymentId: payment.id,
        orderId: payment.orderId,
        ...values,
        createdAt: dispute.createdAt ?? now,
      });
      if (inserted) {
        if (!isFinal(inserted.state)) await tellAdmins(tx, inserted, payment.orderNumber, mail);
        return "recorded";
      }
      // Another delivery of the same dispute recorded it meanwhile: this event moves it as any later one.
      row = await lockProviderDispute(tx, dispute.provider, dispute.id);
      if (!row) throw new Error(`dispute ${dispute.id} was recorded and is gone`);
    }
    if (isFinal(row.state)) {
      if (row.state !== dispute.state)
        log.warn(
          { dispute: row.id, state: row.state, reported: dispute.state },
          "an event of a dispute that has ended; ignored",
        );
      return "duplicate";
    }
    if (!changes(row, values)) return "duplicate";
    await updateDispute(tx, row.id, values);
    return "recorded";
  });
}

/** GET /disputes: newest first, in the states asked for (all when none). */
export async function listDisputesFor(
  db: Database,
  states: readonly DisputeState[] | undefined,
): Promise<DisputeListDto> {
  const rows = await listDisputes(db, states, DISPUTE_LIST_MAX);
  return { items: rows.map(disputeDto) };
}

/**
 * Staff record that the evidence was sent in the provider's dashboard, with a note: the first time
 * keeps its moment, a later one its note; an activity entry either way. 404 for no such dispute,
 * 409 for one that has ended.
 */
export async function markEvidenceSent(
  db: Database,
  actor: ActivityActor,
  id: string,
  input: DisputeEvidenceInput,
): Promise<DisputeDto> {
  return db.transaction(async (tx) => {
    const row = await lockDispute(tx, id);
    if (!row) throw new AppError("NOT_FOUND", disputeWords.notFound);
    if (isFinal(row.state)) throw new AppError("CONFLICT", disputeWords.ended);
    const before = { evidenceSent: row.evidenceSentAt !== null, note: row.evidenceNote ?? "" };
    const note = input.note ?? "";
    await updateDispute(tx, id, {
      evidenceSentAt: row.evidenceSentAt ?? new Date(),
      evidenceNote: note,
      evidenceById: actor.id,
      evidenceByName: fullName(actor),
    });
    const found = await findDispute(tx, id);
    if (!found) throw new Error(`dispute ${id} is gone`);
    await recordActivity(
      tx,
      actor,
      "dispute.evidence_sent",
      { type: "dispute", id, label: activityPage.disputeSubject(found.orderNumber) },
      before,
      { evidenceSent: true, note },
    );
    return disputeDto(found);
  });
}

/**
 * The money lost to disputes in a period, in cents, dated when each was lost: the sales report's
 * chargebacks (modules/reports), read in the report's transaction.
 */
export async function chargebackFigures(
  db: Database,
  period: { since: Date; before: Date },
): Promise<{ chargebackCents: number }> {
  return { chargebackCents: await sumLostDisputes(db, period.since, period.before) };
}
