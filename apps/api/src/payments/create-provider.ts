import type { FastifyBaseLogger } from "fastify";
import type { Config } from "#api/config";
import { PaypalClient } from "./paypal";
import type { PaymentProviders } from "./provider";
import { RazorpayClient } from "./razorpay-client";
import { createTestGateway } from "./test-gateway";

/**
 * Razorpay and PayPal when their credentials are configured (either or both), otherwise the offline
 * test gateway (docs/design.md section 6), which config.ts allows in production only with
 * PAYMENTS_TEST_GATEWAY=1 and never beside a real provider.
 */
export function createPaymentProviders(config: Config, log: FastifyBaseLogger): PaymentProviders {
  const providers: PaymentProviders = {
    test: config.testGateway ? createTestGateway() : undefined,
    paypal: config.paypal
      ? new PaypalClient({ ...config.paypal, log, timeoutMs: config.providerTimeoutMs })
      : undefined,
    razorpay: config.razorpay
      ? new RazorpayClient({ ...config.razorpay, log, timeoutMs: config.providerTimeoutMs })
      : undefined,
  };
  if (!providers.test && !providers.paypal && !providers.razorpay)
    throw new Error("no payment provider is configured");
  return providers;
}
