/**
 * The built-in offline gateway used when no PayPal credentials are configured. It never moves money:
 * it approves one well-known test card and declines everything else, so that the whole payment flow
 * (including a decline) can be tried without a provider account.
 */
import { createHash, randomBytes } from "node:crypto";
import { isCurrentExpiry } from "@shop/shared/schemas/payment";
import type {
  CardGateway,
  PaymentProviders,
  ProviderCapture,
  ProviderRefund,
  RefundResult,
} from "./provider";

/** The cards the pay page's test-mode form may mention. */
export const TEST_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
} as const;

export function createTestGateway(now: () => Date = () => new Date()): CardGateway {
  // The refunds made, by request id: the same request sent again answers the first refund, as at PayPal.
  const made = new Map<string, ProviderRefund>();
  return {
    name: "test",
    // The ids follow from the request ids, so a refund is the same refund however late it is asked again.
    refundRequestIdsKeptMs: Number.POSITIVE_INFINITY,
    async charge({ card, amount }): Promise<ProviderCapture> {
      const number = card.number.replace(/[\s-]/g, "");
      const approved = number === TEST_CARDS.approved && isCurrentExpiry(card.expiry, now());
      const providerStatus = approved ? "COMPLETED" : "DECLINED";
      return {
        // Every attempt, declined or not, gets its own id, as a real gateway's charge would.
        id: `test_${randomBytes(12).toString("hex")}`,
        providerStatus,
        status: approved ? "completed" : "failed",
        amount,
        customId: null,
        updateTime: now(),
        payerEmail: null,
      };
    },
    async refund({ captureId, amount, requestId }): Promise<RefundResult> {
      // NOTE: the id follows from the request id, so that a retried refund is the same refund even
      // after a restart (when the map is empty again).
      const id = `test_refund_${createHash("sha256").update(requestId).digest("hex").slice(0, 24)}`;
      const refund = made.get(requestId) ?? { id, providerStatus: "COMPLETED", amount, captureId };
      made.set(requestId, refund);
      return { outcome: "refunded", refund };
    },
  };
}

/** The providers of a shop on the test gateway alone, for code called without the app (tests, tools). */
export function testGatewayProviders(now?: () => Date): PaymentProviders {
  return { test: createTestGateway(now), paypal: undefined, razorpay: undefined };
}
