/**
 * The pay page's operations on an order (mounted under /orders): its options for one of the caller's
 * orders, store credit applied to part of it or taken off, and the confirmation of a cash on
 * delivery order before it ships.
 */
import { envelope } from "@shop/shared/api";
import { codConfirmation, storeCreditApi } from "@shop/shared/messages";
import { isStaff } from "@shop/shared/roles";
import { CodConfirmedDto, ConfirmCodInput, OrderIdParams } from "@shop/shared/schemas/order";
import { PaymentOptionsDto, StoreCreditAppliedDto } from "@shop/shared/schemas/payment";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { currentSession, requireStaff, requireUser, userOf } from "#api/http/session";
import { methodReach } from "#api/modules/delivery/service";
import { confirmCod } from "./cod-confirmation";
import type { CodTerms } from "./cod-rules";
import { paymentOptionsOf } from "./payment-options";
import { applyStoreCredit, removeStoreCredit } from "./store-credit";

/** Cash on delivery's rules as the settings say them now, delivery asked through its service. */
export async function codTermsOf(app: FastifyInstance): Promise<CodTerms> {
  const { checkout, shipping, currency } = await app.settings.current();
  return {
    cod: checkout.cod,
    methods: shipping.methods,
    reach: (methodId, pincode) => methodReach(app.db, shipping.methods, methodId, pincode),
    locale: currency.locale,
  };
}

export const codRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/current-user/:orderId/payment-options",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPaymentOptions",
        summary:
          "What the pay page offers for one of the caller's orders: cash on delivery (or why not) and what paying online saves",
        params: OrderIdParams,
        response: { 200: envelope(PaymentOptionsDto) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await paymentOptionsOf(app.db, await codTermsOf(app), userOf(request), request.params.orderId)),
  );

  app.put(
    "/current-user/:orderId/store-credit",
    {
      schema: {
        tags: ["payments"],
        operationId: "applyStoreCredit",
        summary:
          "Apply all of the caller's store credit to part of their unpaid order; the rest is then paid online (409 with no credit, or when the credit covers the order: pay with it through POST /payments)",
        params: OrderIdParams,
        response: { 200: envelope(StoreCreditAppliedDto), ...refusals(404, 409) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(
        await applyStoreCredit(app.db, userOf(request), request.params.orderId, await codTermsOf(app)),
        storeCreditApi.applied,
      ),
  );

  app.delete(
    "/current-user/:orderId/store-credit",
    {
      schema: {
        tags: ["payments"],
        operationId: "removeStoreCredit",
        summary:
          "Take the store credit off the caller's unpaid order, back to their balance (409 when it uses none)",
        params: OrderIdParams,
        response: { 200: envelope(StoreCreditAppliedDto), ...refusals(404, 409) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await removeStoreCredit(app.db, userOf(request), request.params.orderId), storeCreditApi.removed),
  );

  app.post(
    "/:orderId/confirm-cod",
    {
      schema: {
        tags: ["orders"],
        operationId: "confirmCashOnDelivery",
        summary:
          "Confirm a cash on delivery order so that it ships: with the token of its email's link (anyone holding it), or without one as its signed-in shopper or staff (by phone)",
        description:
          "Confirming again answers 200 as it is; an order cancelled first (unconfirmed after the owner's hours, or by staff) answers 409. A token that is not the order's answers 404, as does a signed-in caller who is neither its shopper nor staff; no token and no session answers 401. Staff's confirmation writes an activity entry.",
        params: OrderIdParams,
        body: ConfirmCodInput,
        response: { 200: envelope(CodConfirmedDto), ...refusals(401, 404, 409) },
      },
    },
    async (request) => {
      const { token } = request.body;
      const session = token === undefined ? await currentSession(request) : null;
      // Staff confirm by phone as any staff write is made: past the second step the owner asks of them.
      if (session && isStaff(session.user)) await requireStaff(request);
      const confirmed = await confirmCod(
        app.db,
        request.params.orderId,
        token === undefined ? { viewer: session?.user ?? null } : { token },
      );
      return ok(confirmed, codConfirmation.confirmed);
    },
  );
};
