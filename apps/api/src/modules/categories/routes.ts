import { envelope, listEnvelope } from "@shop/shared/api";
import { CATEGORY_CACHE_SECONDS, STAFF_ROLES } from "@shop/shared/constants";
import { api, formErrors } from "@shop/shared/messages";
import { CategoryDto, CategoryInput, SlugParams } from "@shop/shared/schemas/category";
import { IdParams } from "@shop/shared/schemas/common";
import { ProductListQuery, ProductSummaryDto } from "@shop/shared/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list, ok } from "../../http/envelope";
import { readKey, sendCachedRead } from "../../http/read-cache";
import { requireRole } from "../../http/session";
import { createCategory, getCategory, listCategories, listCategoryProducts } from "./service";

/** Mounted at /api/categories. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const categoryProductsPage = async (by: { id: string } | { slug: string }, query: ProductListQuery) => {
    const { page, size, keyword, sort } = query;
    const { items, total } = await listCategoryProducts(app.db, by, keyword, { page, size, sort });
    return list(items, { page, size, total });
  };

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
      preValidation: requireRole(...STAFF_ROLES),
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

  app.get(
    "/id/:id/products",
    {
      schema: {
        tags: ["categories"],
        summary: "A page of a category's active products, by category id",
        params: IdParams,
        querystring: ProductListQuery,
        response: { 200: listEnvelope(ProductSummaryDto) },
      },
    },
    async (request, reply) => {
      const by = { id: request.params.id };
      return sendCachedRead(request, reply, readKey("category-products", by, request.query), () =>
        categoryProductsPage(by, request.query),
      );
    },
  );

  app.get(
    "/slug/:slug/products",
    {
      schema: {
        tags: ["categories"],
        summary: "A page of a category's active products, by category slug",
        params: SlugParams,
        querystring: ProductListQuery,
        response: { 200: listEnvelope(ProductSummaryDto) },
      },
    },
    async (request, reply) => {
      const by = { slug: request.params.slug };
      return sendCachedRead(request, reply, readKey("category-products", by, request.query), () =>
        categoryProductsPage(by, request.query),
      );
    },
  );
};
