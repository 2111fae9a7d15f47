/**
 * Cash on delivery's routes (mounted under /orders): the confirmation of a cash on delivery order
 * before it ships; and the rules as the settings say them now, which the payment routes read too.
 */
import { envelope } from "@shop/shared/api";
import { codConfirmation } from "@shop/shared/messages";
import { isStaff } from "@shop/shared/roles";
import { CodConfirmedDto, ConfirmCodInput, OrderIdParams } from "@shop/shared/schemas/order";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { currentSession, requireStaff } from "#api/http/session";
import { methodReach } from "#api/modules/delivery/service";
import { confirmCod } from "./confirmation";
import type { CodTerms } from "./rules";

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
