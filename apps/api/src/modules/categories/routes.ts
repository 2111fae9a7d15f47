import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { CATEGORY_CACHE_SECONDS } from "@shop/shared/constants";
import { api, formErrors } from "@shop/shared/messages";
import {
  CategoryDeleteQuery,
  CategoryDto,
  CategoryInput,
  CategoryRenameInput,
  CategoryTaxInput,
  SlugParams,
} from "@shop/shared/schemas/category";
import { IdParams } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, refusals } from "#api/http/envelope";
import { notModified, readKey, sendCachedRead } from "#api/http/read-cache";
import { requireAdmin, requireStaff, userOf } from "#api/http/session";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  renameCategory,
  setCategoryTax,
} from "./service";

/** Mounted at /api/categories. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["categories"],
        operationId: "createCategory",
        summary: "Create a category (staff; its GST rate and HSN code, admins only)",
        body: CategoryInput,
        response: { 201: envelope(CategoryDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.category },
      preValidation: requireStaff,
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createCategory(app.db, userOf(request), request.body), api.created)),
  );

  app.put(
    "/:id/tax",
    {
      schema: {
        tags: ["categories"],
        operationId: "setCategoryTax",
        summary:
          "Set the GST rate (or `taxSlabs`, a rate by the price of a piece) and HSN code of a category's products that set none (admin; null: the shop's default)",
        params: IdParams,
        body: CategoryTaxInput,
        response: { 200: envelope(CategoryDto), ...refusals(404) },
      },
      config: { invalidMessage: formErrors.category },
      preValidation: requireAdmin,
    },
    async (request) =>
      ok(await setCategoryTax(app.db, userOf(request), request.params.id, request.body), api.updated),
  );

  app.patch(
    "/:id",
    {
      schema: {
        tags: ["categories"],
        operationId: "renameCategory",
        summary:
          "Rename a category, checked as creation checks a name; another category's name (whatever its case) is refused (409). The slug stays, so links to the category keep working (admin)",
        params: IdParams,
        body: CategoryRenameInput,
        response: { 200: envelope(CategoryDto), ...refusals(404, 409) },
      },
      config: { invalidMessage: formErrors.category },
      preValidation: requireAdmin,
    },
    async (request) =>
      ok(await renameCategory(app.db, userOf(request), request.params.id, request.body), api.updated),
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["categories"],
        operationId: "deleteCategory",
        summary:
          "Delete a category; its products, inactive ones included, move to `moveTo` in the same transaction (required while it has any: 409 naming their number without it; 400 for itself or an unknown one) and take that category's GST rate and HSN code unless they set their own. A category discount codes are limited to is refused (409) (admin)",
        params: IdParams,
        querystring: CategoryDeleteQuery,
        response: { 200: EmptyEnvelope, ...refusals(404, 409) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      await deleteCategory(app.db, userOf(request), request.params.id, request.query);
      return ok(null, api.deleted);
    },
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["categories"],
        operationId: "listCategories",
        summary: "Every category with the number of its active products (cached 5 s)",
        response: { 200: envelope(z.array(CategoryDto)), ...notModified },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", `public, max-age=${CATEGORY_CACHE_SECONDS}`);
      return sendCachedRead(request, reply, readKey("categories"), async () =>
        ok(await listCategories(app.db)),
      );
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["categories"],
        operationId: "getCategory",
        summary: "One category by id",
        params: IdParams,
        response: { 200: envelope(CategoryDto), ...notModified },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, readKey("category", "id", request.params.id), async () =>
        ok(await getCategory(app.db, { id: request.params.id })),
      ),
  );

  app.get(
    "/slug/:slug",
    {
      schema: {
        tags: ["categories"],
        operationId: "getCategoryBySlug",
        summary: "One category by slug",
        params: SlugParams,
        response: { 200: envelope(CategoryDto), ...notModified },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, readKey("category", "slug", request.params.slug), async () =>
        ok(await getCategory(app.db, { slug: request.params.slug })),
      ),
  );
};
