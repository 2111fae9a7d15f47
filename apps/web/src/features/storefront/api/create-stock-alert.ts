import { errors } from "@shop/shared/messages";
import type { StockAlertInput } from "@shop/shared/schemas/shopper-lists";
import { useMutation } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * POST /api/stock-alerts: "Email me when it's back" for a sold-out variant; asking again with the
 * same address answers alike. A variant back in stock meanwhile answers 409 with why.
 */
export function createStockAlert(input: StockAlertInput) {
  return api.post("/stock-alerts", input, {
    schema: responseSchemas.stockAlert,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

/** The form shows the outcome in place (its success line, or the refusal under the field). */
export function useCreateStockAlert() {
  return useMutation({ mutationFn: createStockAlert });
}
