import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { ROLES } from "@shop/shared/constants";
import { api, customerPage, successes, validation } from "@shop/shared/messages";
import { ListQuery } from "@shop/shared/schemas/common";
import { CursorId, CursorTime, cursorOf } from "@shop/shared/schemas/cursor";
import {
  CustomerNoteDto,
  CustomerNoteInput,
  CustomerSummaryDto,
  RoleChangeInput,
  UserDto,
  UserIdParams,
} from "@shop/shared/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import { CAPPED_LIST_NOTE, list, ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireFreshSecondStep, requireUser, userOf } from "#api/http/session";
import { toUserDto } from "./dto";
import {
  addCustomerNote,
  changeRole,
  getCustomerSummary,
  getUser,
  liftCodBar,
  listCustomers,
  toggleStatus,
} from "./service";

const CustomerListQuery = ListQuery.extend({
  status: z
    .enum(["true", "false"], { error: api.invalidInput })
    .transform((value) => value === "true")
    .optional(),
  role: z.enum(ROLES, { error: validation.oneOf(ROLES) }).optional(),
  after: cursorOf([CursorTime, CursorId]),
});

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/current-user",
    {
      schema: {
        tags: ["users"],
        operationId: "getCurrentUser",
        summary: "The signed-in user",
        response: { 200: envelope(UserDto) },
      },
      // A staff member who must set up two-step sign-in first still sees who they are.
      config: { twoStepSetUp: true },
      preValidation: requireUser,
    },
    // NOTE: read from the database, not the session's copy (kept a few seconds, repo-cache.ts): the
    // profile shows what is stored now, whichever instance changed it.
    async (request) => ok(toUserDto(await getUser(app.db, userOf(request).id))),
  );

  app.get(
    "/customers",
    {
      schema: {
        tags: ["users"],
        operationId: "listCustomers",
        summary: "Users of the shop, newest first; `after` (a page's `meta.next`) reads on by keyset (admin)",
        description: CAPPED_LIST_NOTE,
        querystring: CustomerListQuery,
        response: { 200: listEnvelope(UserDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword, status, role, after } = request.query;
      const { items, ...read } = await listCustomers(
        app.db,
        { keyword, status, role },
        { page, size, after },
      );
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/:userId",
    {
      schema: {
        tags: ["users"],
        operationId: "getUser",
        summary: "One user (admin)",
        params: UserIdParams,
        response: { 200: envelope(UserDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => ok(toUserDto(await getUser(app.db, request.params.userId))),
  );

  app.get(
    "/:userId/summary",
    {
      schema: {
        tags: ["users"],
        operationId: "getCustomerSummary",
        summary:
          "A customer's page: account, addresses, orders with net spend (payments taken minus refunds), staff notes and the cash on delivery bar (`codBar`, while the checkout settings' `cod.blockAfterRefusal` is on) (admin)",
        params: UserIdParams,
        response: { 200: envelope(CustomerSummaryDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { checkout, currency } = await app.settings.current();
      return ok(
        await getCustomerSummary(app.db, request.params.userId, currency.code, {
          barOnRefusal: checkout.cod.blockAfterRefusal,
        }),
      );
    },
  );

  app.delete(
    "/:userId/cod-bar",
    {
      schema: {
        tags: ["users"],
        operationId: "liftCodBar",
        summary:
          "Lift a customer's cash on delivery bar (a COD parcel of theirs came back refused): they are offered cash on delivery again; an activity entry keeps the bar lifted; 409 when they have none (admin)",
        params: UserIdParams,
        response: { 200: EmptyEnvelope, ...refusals(404, 409) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      await liftCodBar(app.db, userOf(request), request.params.userId);
      return ok(null, customerPage.codBarLifted);
    },
  );

  app.post(
    "/:userId/notes",
    {
      schema: {
        tags: ["users"],
        operationId: "addCustomerNote",
        summary: "Append a staff note on a customer; notes are never edited or removed (admin)",
        params: UserIdParams,
        body: CustomerNoteInput,
        response: { 201: envelope(CustomerNoteDto) },
      },
      preValidation: requireAdmin,
    },
    async (request, reply) => {
      const note = await addCustomerNote(app.db, userOf(request), request.params.userId, request.body.note);
      return reply.status(201).send(ok(note, customerPage.noteAdded));
    },
  );

  app.patch(
    "/:userId",
    {
      schema: {
        tags: ["users"],
        operationId: "changeUserRole",
        summary: "Change a user's role (admin)",
        params: UserIdParams,
        body: RoleChangeInput,
        response: { 200: envelope(UserDto) },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request) => {
      const { userId } = request.params;
      if (request.body.userId && request.body.userId !== userId) {
        throw new AppError("BAD_REQUEST", api.invalidInput, { userId: api.invalidInput });
      }
      return ok(toUserDto(await changeRole(app.db, userOf(request), userId, request.body.role)), api.updated);
    },
  );

  app.patch(
    "/user/:userId/status",
    {
      schema: {
        tags: ["users"],
        operationId: "toggleUserStatus",
        summary: "Switch a user between active and inactive (admin)",
        params: UserIdParams,
        response: { 200: envelope(UserDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) =>
      ok(
        toUserDto(await toggleStatus(app.db, userOf(request), request.params.userId)),
        successes.userUpdated,
      ),
  );
};
