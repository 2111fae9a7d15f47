import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { STAFF_ROLES } from "@shop/shared/constants";
import { api, formErrors } from "@shop/shared/messages";
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
import { list, ok } from "../../http/envelope";
import { AppError } from "../../http/errors";
import { readKey, sendCachedRead } from "../../http/read-cache";
import { currentSession, requireRole } from "../../http/session";
import type { ProductFilter } from "./repo";
import { createProduct, deleteProduct, editProduct, getProduct, listProducts, patchProduct } from "./service";

const staffOnly = requireRole(...STAFF_ROLES);

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
        ...(staff ? { preValidation: staffOnly } : {}),
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
        const product = await getProduct(app.db, request.params.id, session?.user);
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
      preValidation: staffOnly,
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createProduct(app.db, request.body), api.created)),
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
      preValidation: staffOnly,
    },
    async (request) => {
      const { productId } = request.params;
      checkBodyId(productId, request.body.productId);
      return ok(await editProduct(app.db, productId, request.body), api.updated);
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
      preValidation: staffOnly,
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
      preValidation: staffOnly,
    },
    async (request) => {
      await deleteProduct(app.db, request.params.id);
      return ok(null, api.deleted);
    },
  );
};
