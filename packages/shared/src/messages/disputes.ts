/**
 * Disputes (chargebacks) a payment provider reports (docs/decisions/045-disputes.md): the API's
 * answers, the dashboard's Disputes pages and the email the owner gets when one opens.
 */
import type { DisputeState } from "../constants";

export const disputeWords = {
  /** 404: an id that names no dispute. */
  notFound: "Dispute not found.",
  /** 409: evidence marked on a dispute that has ended. */
  ended: "This dispute has ended: nothing more can be sent for it.",
  /** 400: `evidenceSent` other than true. */
  evidenceSentOnly: "Only evidence sent (true) can be recorded.",
  evidenceMarked: "The evidence has been marked as sent.",
  title: "Disputes",
  links: { all: "All Disputes", open: "Open", closed: "Closed" },
  loading: "Loading disputes...",
  columns: {
    order: "Order",
    amount: "Amount",
    reason: "Reason",
    phase: "Phase",
    state: "State",
    respondBy: "Respond by",
    evidence: "Evidence",
    actions: "Actions",
  },
  states: {
    open: "Open",
    under_review: "Under review",
    won: "Won",
    lost: "Lost",
    closed: "Closed",
  } satisfies Record<DisputeState, string>,
  /** A respond-by date within 3 days, or past: "Due soon" / "Overdue", beside the date. */
  dueSoon: "Due soon",
  overdue: "Overdue",
  noDeadline: "—",
  /** "#1042": the order's number as a link. */
  orderNumber: (number: number) => `#${number}`,
  /** "Sent Nov 28, 2026": when evidence was marked sent. */
  evidenceSentOn: (date: string) => `Sent ${date}`,
  evidenceNotSent: "Not sent",
  markEvidence: "Mark evidence sent",
  /** The dialog's heading, naming the order: "Evidence sent for order #1042". */
  evidenceDialogTitle: (number: number) => `Evidence sent for order #${number}`,
  evidenceDialogText:
    "Record that you answered this dispute in the payment provider's dashboard. The provider decides the outcome.",
  note: "Note (optional)",
  save: "Mark as sent",
  cancel: "Cancel",
  /** The email every active admin gets when a dispute opens. */
  mail: {
    subject: (number: number) => `A payment of order #${number} is disputed`,
    lines: (order: number, amount: string, reason: string, respondBy: string | null) => [
      `The buyer disputed the payment of order #${order} with their bank or the payment provider: ${amount}.`,
      `Reason: ${reason}`,
      respondBy
        ? `Send your evidence in the payment provider's dashboard by ${respondBy}, or the dispute is lost and the money goes back to the buyer.`
        : "Send your evidence in the payment provider's dashboard as soon as you can.",
    ],
    action: "Open the dispute",
  },
} as const;
