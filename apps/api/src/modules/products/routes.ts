import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";

import { api, formErrors } from "@shop/shared/messages";
import { SlugParams } from "@shop/shared/schemas/category";
import { IdParams } from "@shop/shared/schemas/common";
import {
  ProductDto,
  ProductIdParams,
  ProductInput,
  ProductListQuery,
  ProductPatchInput,
  ProductSummaryDto,
  ProductUpdateInput,
} from "@shop/shared/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";
import { list, ok } from "#api/http/envelope";
import { readKey, sendCachedRead } from "#api/http/read-cache";
import { currentSession, requireStaff, userOf } from "#api/http/session";
import { getProductPage } from "#api/modules/pages/service";
import type { ProductFilter } from "./repo";
import {
  createProduct,
  deleteProduct,
  editProduct,
  listCategoryProducts,
  listProducts,
  patchProduct,
} from "./service";

/** A body's productId, when sent, must name the product of the path. */
function checkBodyId(pathId: string, bodyId: string | undefined) {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw new AppError("BAD_REQUEST", formErrors.product, { productId: api.invalidInput });
  }
}

/** Mounted at /api/products. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const listRoute = (url: string, summary: string, filter: Omit<ProductFilter, "keyword">, staff = false) =>
    app.get(
      url,
      {
        schema: {
          tags: ["products"],
          summary,
          querystring: ProductListQuery,
          response: { 200: listEnvelope(ProductSummaryDto) },
        },
        ...(staff ? { preValidation: requireStaff } : {}),
      },
      async (request, reply) => {
        const { page, size, keyword, sort } = request.query;
        const read = async () => {
          const { items, total } = await listProducts(app.db, { ...filter, keyword }, { page, size, sort });
          return list(items, { page, size, total });
        };
        if (staff) return read();
        return sendCachedRead(request, reply, readKey(`products${url}`, request.query), read);
      },
    );

  listRoute("/", "Active products: newest first, or by relevance with a keyword", { isActive: true });
  listRoute("/on-sale", "Active products on sale", { isActive: true, onSale: true });
  listRoute("/inactive", "Inactive products (staff)", { isActive: false }, true);

  app.get(
    "/:id",
    {
      schema: {
        tags: ["products"],
        summary: "One product with gallery and latest reviews; an inactive one only for staff",
        params: IdParams,
        response: { 200: envelope(ProductDto) },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, readKey("product", request.params.id), async () => {
        const session = await currentSession(request);
        const product = await getProductPage(app.db, request.params.id, session?.user);
        // Only staff see an inactive product: their answer is kept by no cache, this one included.
        if (!product.isActive) reply.header("cache-control", "private, no-store");
        return ok(product);
      }),
  );

  app.post(
    "/",
    {
      schema: {
        tags: ["products"],
        summary: "Create a product (staff)",
        body: ProductInput,
        response: { 201: envelope(ProductDto) },
      },
      config: { invalidMessage: formErrors.product },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const id = await createProduct(app.db, request.body);
      return reply.status(201).send(ok(await getProductPage(app.db, id, userOf(request)), api.created));
    },
  );

  app.put(
    "/:productId",
    {
      schema: {
        tags: ["products"],
        summary: "Replace a product's fields and gallery (staff)",
        params: ProductIdParams,
        body: ProductUpdateInput,
        response: { 200: envelope(ProductDto) },
      },
      config: { invalidMessage: formErrors.product },
      preValidation: requireStaff,
    },
    async (request) => {
      const { productId } = request.params;
      checkBodyId(productId, request.body.productId);
      await editProduct(app.db, productId, request.body);
      return ok(await getProductPage(app.db, productId, userOf(request)), api.updated);
    },
  );

  app.patch(
    "/:productId",
    {
      schema: {
        tags: ["products"],
        summary: "Switch isActive or onSale (turning onSale off resets salePrice to 0) (staff)",
        params: ProductIdParams,
        body: ProductPatchInput,
        response: { 200: envelope(ProductSummaryDto) },
      },
      config: { invalidMessage: formErrors.product },
      preValidation: requireStaff,
    },
    async (request) => {
      const { productId } = request.params;
      checkBodyId(productId, request.body.productId);
      const { product, message } = await patchProduct(app.db, productId, request.body);
      return ok(product, message);
    },
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["products"],
        summary: "Delete a product that was never ordered (staff)",
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      await deleteProduct(app.db, request.params.id);
      return ok(null, api.deleted);
    },
  );
};

/** Mounted at /api/categories: a category's products are a product list. */
export const categoryProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const categoryProductsPage = async (by: { id: string } | { slug: string }, query: ProductListQuery) => {
    const { page, size, keyword, sort } = query;
    const { items, total } = await listCategoryProducts(app.db, by, keyword, { page, size, sort });
    return list(items, { page, size, total });
  };

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
