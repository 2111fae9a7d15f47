import { envelope } from "@shop/shared/api";
import { CATEGORY_CACHE_SECONDS } from "@shop/shared/constants";
import { api, formErrors } from "@shop/shared/messages";
import { CategoryDto, CategoryInput, SlugParams } from "@shop/shared/schemas/category";
import { IdParams } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "#api/http/envelope";
import { readKey, sendCachedRead } from "#api/http/read-cache";
import { requireStaff } from "#api/http/session";
import { createCategory, getCategory, listCategories } from "./service";

/** Mounted at /api/categories. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["categories"],
        summary: "Create a category (staff)",
        body: CategoryInput,
        response: { 201: envelope(CategoryDto) },
      },
      config: { invalidMessage: formErrors.category },
      preValidation: requireStaff,
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createCategory(app.db, request.body), api.created)),
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["categories"],
        summary: "Every category with the number of its active products (cached 5 s)",
        response: { 200: envelope(z.array(CategoryDto)) },
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
        summary: "One category by id",
        params: IdParams,
        response: { 200: envelope(CategoryDto) },
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
        summary: "One category by slug",
        params: SlugParams,
        response: { 200: envelope(CategoryDto) },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, readKey("category", "slug", request.params.slug), async () =>
        ok(await getCategory(app.db, { slug: request.params.slug })),
      ),
  );
};
