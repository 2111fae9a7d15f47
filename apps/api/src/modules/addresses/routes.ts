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
  app.get(
    "/",
    {
      schema: {
        tags: ["addresses"],
        operationId: "listOwnAddresses",
        summary: "The caller's addresses",
        response: { 200: envelope(z.array(AddressDto)) },
      },
      preValidation: requireUser,
    },
    async (request) => ok(await listAddresses(app.db, userOf(request).id)),
  );

  app.post(
    "/",
    {
      schema: {
        tags: ["addresses"],
        operationId: "addAddress",
        summary: "Add an address",
        body: AddressInput,
        response: { 201: envelope(AddressDto) },
      },
      preValidation: requireUser,
    },
    async (request, reply) =>
      reply.status(201).send(ok(await addAddress(app.db, userOf(request).id, request.body), api.created)),
  );

  app.put(
    "/:id",
    {
      schema: {
        tags: ["addresses"],
        operationId: "updateOwnAddress",
        summary: "Change an address",
        params: IdParams,
        body: AddressInput,
        response: { 200: envelope(AddressDto) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await editAddress(app.db, userOf(request).id, request.params.id, request.body), api.updated),
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["addresses"],
        operationId: "deleteOwnAddress",
        summary: "Delete an address",
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await removeAddress(app.db, userOf(request).id, request.params.id);
      return ok(null, api.deleted);
    },
  );
};
