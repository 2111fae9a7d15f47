import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { PaypalClient } from "./paypal";
import type { PaymentProvider } from "./provider";
import { createTestGateway } from "./test-gateway";

/** PayPal when its credentials are configured, otherwise the offline test gateway (DESIGN.md section 6). */
export function createPaymentProvider(config: Config, log: FastifyBaseLogger): PaymentProvider {
  if (!config.paypal) return createTestGateway();
  return new PaypalClient({ ...config.paypal, log });
}
