import type { FastifyBaseLogger } from "fastify";
import type { Config } from "#api/config";
import { PaypalClient } from "./paypal";
import type { PaymentProvider } from "./provider";
import { createTestGateway } from "./test-gateway";

/**
 * PayPal when its credentials are configured, otherwise the offline test gateway (docs/design.md section 6),
 * which config.ts allows in production only with PAYMENTS_TEST_GATEWAY=1.
 */
export function createPaymentProvider(config: Config, log: FastifyBaseLogger): PaymentProvider {
  if (config.paypal) return new PaypalClient({ ...config.paypal, log });
  if (config.testGateway) return createTestGateway();
  throw new Error("no payment provider is configured");
}
