/**
 * Disputes (chargebacks) of payments, as Razorpay's and PayPal's webhooks report them
 * (docs/decisions/045-disputes.md): GET /disputes?state= lists them for staff, PATCH /disputes/{id}
 * records that the evidence was sent.
 */
import { z } from "zod";
import { DISPUTE_PROVIDERS, DISPUTE_STATES, MAX_DISPUTE_NOTE } from "../constants";
import { validation } from "../messages";
import { disputeWords } from "../messages/disputes";

export const DisputeDto = z.object({
  _id: z.string(),
  /** The disputed payment's id, and the provider's id of it (Razorpay's payment, PayPal's capture). */
  payment: z.string(),
  transactionId: z.string(),
  /** The order it paid, and its number. */
  order: z.string(),
  orderNumber: z.number().int(),
  provider: z.enum(DISPUTE_PROVIDERS),
  /** The provider's id of the dispute. */
  providerDisputeId: z.string(),
  /** What the buyer disputes, in `currency` (the payment's). */
  amount: z.number(),
  currency: z.string(),
  /** The provider's reason code ("chargeback_fraudulent", "MERCHANDISE_OR_SERVICE_NOT_RECEIVED"), and its words. */
  reason: z.string(),
  reasonText: z.string(),
  /** The provider's phase (Razorpay: inquiry, chargeback, pre_arbitration, arbitration, fraud; PayPal's stage). */
  phase: z.string(),
  state: z.enum(DISPUTE_STATES),
  /** When the provider wants the shop's evidence by; null when it names no date. */
  respondBy: z.string().nullable(),
  /** When staff marked the evidence sent, with their note and name; null until then. */
  evidence: z.object({ sentAt: z.string(), note: z.string(), by: z.string() }).nullable(),
  /** When it was won, lost or closed; null while open. */
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DisputeDto = z.infer<typeof DisputeDto>;

/** GET /disputes: newest first (at most DISPUTE_LIST_MAX). */
export const DisputeListDto = z.object({ items: z.array(DisputeDto) });
export type DisputeListDto = z.infer<typeof DisputeListDto>;

/** `state`: one state, or several separated by commas ("open,under_review"); all when left out. */
export const DisputeListQuery = z.object({
  state: z
    .string({ error: validation.oneOf(DISPUTE_STATES) })
    .max(100, validation.oneOf(DISPUTE_STATES))
    .transform((value) =>
      value
        .split(",")
        .map((state) => state.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(DISPUTE_STATES, { error: validation.oneOf(DISPUTE_STATES) })))
    .optional(),
});
export type DisputeListQuery = z.infer<typeof DisputeListQuery>;

/** PATCH /disputes/{id}: the evidence was sent in the provider's dashboard, with an optional note. */
export const DisputeEvidenceInput = z
  .object({
    evidenceSent: z.literal(true, {
      error: (issue) => (issue.input === undefined ? validation.required : disputeWords.evidenceSentOnly),
    }),
    note: z
      .string({ error: validation.required })
      .trim()
      .max(MAX_DISPUTE_NOTE, validation.maxLength(MAX_DISPUTE_NOTE))
      .optional(),
  })
  .strict();
export type DisputeEvidenceInput = z.infer<typeof DisputeEvidenceInput>;

/** The evidence dialog's form: the note alone (the dialog's button is the `evidenceSent`). */
export const DisputeEvidenceForm = DisputeEvidenceInput.pick({ note: true });
export type DisputeEvidenceForm = z.infer<typeof DisputeEvidenceForm>;
