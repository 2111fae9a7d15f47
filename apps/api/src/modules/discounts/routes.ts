import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { api, formErrors } from "@shop/shared/messages";
import { IdParams } from "@shop/shared/schemas/common";
import {
  DiscountDetailDto,
  DiscountDto,
  DiscountInput,
  DiscountListQuery,
  DiscountPatchInput,
} from "@shop/shared/schemas/discount";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { list, ok, refusals } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import {
  createDiscount,
  getDiscountDetail,
  listDiscountDtos,
  removeDiscount,
  replaceDiscount,
  setDiscountActive,
} from "./service";

/** Mounted at /api/discounts: discount codes, for staff (admin and manager). */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["discounts"],
        operationId: "createDiscount",
        summary: "Create a discount code (staff)",
        body: DiscountInput,
        response: { 201: envelope(DiscountDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.discount },
      preValidation: requireStaff,
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createDiscount(app.db, userOf(request), request.body), api.created)),
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["discounts"],
        operationId: "listDiscounts",
        summary:
          "Discount codes, newest first; `keyword` on the code, `status` at the time of asking (staff)",
        querystring: DiscountListQuery,
        response: { 200: listEnvelope(DiscountDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { page, size } = request.query;
      const { items, total } = await listDiscountDtos(app.db, request.query);
      return list(items, { page, size, total });
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["discounts"],
        operationId: "getDiscount",
        summary: "One discount code with its uses and the revenue of the paid orders that used it (staff)",
        params: IdParams,
        response: { 200: envelope(DiscountDetailDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => ok(await getDiscountDetail(app.db, request.params.id)),
  );

  app.put(
    "/:id",
    {
      schema: {
        tags: ["discounts"],
        operationId: "replaceDiscount",
        summary: "Replace a discount code's terms (staff)",
        params: IdParams,
        body: DiscountInput,
        response: { 200: envelope(DiscountDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.discount },
      preValidation: requireStaff,
    },
    async (request) =>
      ok(await replaceDiscount(app.db, userOf(request), request.params.id, request.body), api.updated),
  );

  app.patch(
    "/:id",
    {
      schema: {
        tags: ["discounts"],
        operationId: "setDiscountActive",
        summary: "Switch a discount code on or off (staff)",
        params: IdParams,
        body: DiscountPatchInput,
        response: { 200: envelope(DiscountDto) },
      },
      preValidation: requireStaff,
    },
    async (request) =>
      ok(
        await setDiscountActive(app.db, userOf(request), request.params.id, request.body.isActive),
        api.updated,
      ),
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["discounts"],
        operationId: "deleteDiscount",
        summary: "Delete a discount code no order ever used (staff)",
        params: IdParams,
        response: { 200: EmptyEnvelope, ...refusals(409) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      await removeDiscount(app.db, userOf(request), request.params.id);
      return ok(null, api.deleted);
    },
  );
};
