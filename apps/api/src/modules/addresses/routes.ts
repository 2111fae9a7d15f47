import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { AddressDto, AddressInput } from "@shop/shared/schemas/address";
import { IdParams } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "#api/http/envelope";
import { requireUser, userOf } from "#api/http/session";
import { addAddress, editAddress, listAddresses, removeAddress } from "./service";

/** Mounted at /api/users/current-user/addresses: every address belongs to the caller. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireUser);

  app.get(
    "/",
    {
      schema: {
        tags: ["addresses"],
        summary: "The caller's addresses",
        response: { 200: envelope(z.array(AddressDto)) },
      },
    },
    async (request) => ok(await listAddresses(app.db, userOf(request).id)),
  );

  app.post(
    "/",
    {
      schema: {
        tags: ["addresses"],
        summary: "Add an address",
        body: AddressInput,
        response: { 201: envelope(AddressDto) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await addAddress(app.db, userOf(request).id, request.body), api.created)),
  );

  app.put(
    "/:id",
    {
      schema: {
        tags: ["addresses"],
        summary: "Change an address",
        params: IdParams,
        body: AddressInput,
        response: { 200: envelope(AddressDto) },
      },
    },
    async (request) =>
      ok(await editAddress(app.db, userOf(request).id, request.params.id, request.body), api.updated),
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["addresses"],
        summary: "Delete an address",
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await removeAddress(app.db, userOf(request).id, request.params.id);
      return ok(null, api.deleted);
    },
  );
};
