import type {
  DiscountStatus,
  DisputeState,
  EmailStatus,
  PaymentState,
  ReturnStatus,
  WebhookDeliveryStatus,
} from "@shop/shared/constants";
import { disputeWords, orderStatusLabels, paymentStates } from "@shop/shared/messages";
import type { WhatsAppState } from "@shop/shared/messaging";
import { type OrderTone, type ShownStatus, statusTone } from "@shop/shared/orders";
import { cx } from "../lib/cx";

type Tone = "red" | "grey" | OrderTone;

const TONES: Record<Tone, string> = {
  yellow: "bg-warning-100 text-warning-700 ring-warning-600/30",
  green: "bg-success-100 text-success-700 ring-success-600/30",
  blue: "bg-brand-50 text-brand-700 ring-brand-600/30",
  // NOTE: the order statuses' other blues come from Tailwind's own palette; the theme has one blue.
  sky: "bg-sky-50 text-sky-800 ring-sky-600/30",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/30",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-600/30",
  red: "bg-danger-100 text-danger-700 ring-danger-600/30",
  grey: "bg-neutral-100 text-neutral-700 ring-neutral-500/30",
};

const PAYMENT_TONES: Record<PaymentState, Tone> = {
  none: "grey",
  pending: "yellow",
  completed: "green",
  partially_refunded: "blue",
  refunded: "grey",
  failed: "red",
};
const EMAIL_TONES: Record<EmailStatus, Tone> = { queued: "yellow", sent: "green", failed: "red" };
/** A message of the log, by email or on WhatsApp: each step further along Meta's statuses a colour. */
const MESSAGE_TONES: Record<WhatsAppState, Tone> = {
  queued: "yellow",
  sent: "blue",
  delivered: "sky",
  read: "green",
  failed: "red",
};
const DISCOUNT_TONES: Record<DiscountStatus, Tone> = {
  active: "green",
  scheduled: "blue",
  expired: "red",
  "used-up": "yellow",
  inactive: "grey",
};

const RETURN_TONES: Record<ReturnStatus, Tone> = {
  requested: "yellow",
  approved: "blue",
  rejected: "red",
  received: "sky",
  refunded: "green",
};

const DELIVERY_TONES: Record<WebhookDeliveryStatus, Tone> = {
  pending: "yellow",
  succeeded: "green",
  failed: "red",
};

const DISPUTE_TONES: Record<DisputeState, Tone> = {
  open: "yellow",
  under_review: "blue",
  won: "green",
  lost: "red",
  closed: "grey",
};

/** A webhook endpoint: on, switched off by an admin, or disabled by the sender after a day of failures. */
export type EndpointState = "enabled" | "disabled" | "failing";
const ENDPOINT_TONES: Record<EndpointState, Tone> = { enabled: "green", disabled: "grey", failing: "red" };

type StatusBadgeProps = (
  | { kind: "order"; status: ShownStatus }
  | { kind: "payment"; status: PaymentState }
  | { kind: "email"; status: EmailStatus }
  | { kind: "message"; status: WhatsAppState }
  | { kind: "discount"; status: DiscountStatus }
  | { kind: "return"; status: ReturnStatus }
  | { kind: "delivery"; status: WebhookDeliveryStatus }
  | { kind: "endpoint"; status: EndpointState }
  | { kind: "dispute"; status: DisputeState }
) & {
  className?: string;
  /** The words shown instead of the status itself ("Not paid" for a payment state of none). */
  label?: string;
};

/**
 * The status of an order, a payment or an email as a coloured pill. Orders: one colour a status
 * (statusTone of @shop/shared/orders), in the words of orderStatusLabels; payments, in the words of
 * paymentStates: yellow pending, green completed, blue partially refunded, grey refunded, red failed;
 * emails: yellow queued, green sent, red failed; the message log (email and WhatsApp): yellow queued,
 * blue sent, sky delivered, green read, red failed; discount codes: green active, blue scheduled, red
 * expired, yellow used up, grey switched off; returns: yellow requested, blue approved, red rejected, sky
 * received, green refunded; webhook deliveries: yellow pending, green succeeded, red failed; webhook
 * endpoints: green enabled, grey disabled, red disabled by failures; disputes, in the words of
 * disputeWords: yellow open, blue under review, green won, red lost, grey closed.
 */
export function StatusBadge({ className, label, ...badge }: StatusBadgeProps) {
  const tone =
    badge.kind === "order"
      ? statusTone(badge.status)
      : badge.kind === "payment"
        ? PAYMENT_TONES[badge.status]
        : badge.kind === "email"
          ? EMAIL_TONES[badge.status]
          : badge.kind === "message"
            ? MESSAGE_TONES[badge.status]
            : badge.kind === "return"
              ? RETURN_TONES[badge.status]
              : badge.kind === "delivery"
                ? DELIVERY_TONES[badge.status]
                : badge.kind === "endpoint"
                  ? ENDPOINT_TONES[badge.status]
                  : badge.kind === "dispute"
                    ? DISPUTE_TONES[badge.status]
                    : DISCOUNT_TONES[badge.status];
  const words =
    label ??
    (badge.kind === "order"
      ? orderStatusLabels[badge.status]
      : badge.kind === "payment"
        ? paymentStates.labels[badge.status]
        : badge.kind === "dispute"
          ? disputeWords.states[badge.status]
          : undefined);
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        // Words written for the badge show as written ("Partially shipped"); a bare status is capitalised.
        words === undefined && "capitalize",
        TONES[tone],
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {words ?? badge.status.replace(/[-_]/g, " ")}
    </span>
  );
}
