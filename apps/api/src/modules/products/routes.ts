import { EmptyEnvelope, envelope } from "@shop/shared/api";

import { api, formErrors } from "@shop/shared/messages";
import { SlugParams } from "@shop/shared/schemas/category";
import { IdParams } from "@shop/shared/schemas/common";
import {
  listFiltersOf,
  ProductDto,
  ProductIdParams,
  ProductInput,
  ProductListQuery,
  ProductPatchInput,
  ProductSummaryDto,
  ProductUpdateInput,
  productListEnvelope,
  SearchSuggestionsDto,
  SuggestQuery,
} from "@shop/shared/schemas/product";
import { ProductImportQuery, ProductImportReport } from "@shop/shared/schemas/product-csv";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";
import { fileAnswer, list, ok, refusals, sendDownload } from "#api/http/envelope";
import { notModified, readKey, sendCachedRead } from "#api/http/read-cache";
import { currentSession, requireAdmin, requireStaff, userOf } from "#api/http/session";
import { readUpload, registerUploads } from "#api/modules/media/upload";
import { getProductPage } from "#api/modules/pages/service";
import { exportProductsCsv, importMessage, importProductsCsv } from "./csv";
import type { ProductFilter } from "./repo-filters";
import {
  createProduct,
  deleteProduct,
  editProduct,
  listCategoryProducts,
  listProducts,
  type ProductList,
  patchProduct,
  SUGGESTION_WINDOW,
  suggest,
} from "./service";

/** A product list's envelope: paging, and the facets and keyword fallback when there are. */
function productList(
  { items, total, facets, fallback, next }: ProductList,
  paging: { page: number; size: number },
) {
  const body = list(items, { ...paging, total, next });
  return {
    ...body,
    meta: { ...body.meta, ...(facets ? { facets } : {}), ...(fallback ? { fallback } : {}) },
  };
}

const LIST_NOTE =
  "Filters look at the whole list: the results are the newest 500 products that match the keyword and every filter, and `meta.total` counts them (at most 500); without keyword nor filter the total is exact. `meta.facets` (each value counted with the other filters applied) count the newest 500 products of the list that match the keyword. With a keyword that no product matches in full, words are dropped from the end until some match, and `meta.fallback` gives the query typed (`from`) and the one answered (`to`). With a keyword, results rank by words matched, typos, words in the name, then in the category, words together in the name, then the sort. Newest first without keyword nor filter, `meta.next` (when a product follows) is the `after` of the next page, read by keyset however deep; `after` on any other list is refused.";

/** A body's productId, when sent, must name the product of the path. */
function checkBodyId(pathId: string, bodyId: string | undefined) {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw new AppError("BAD_REQUEST", formErrors.product, { productId: api.invalidInput });
  }
}

/** Mounted at /api/products. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);

  const listRoute = (
    url: string,
    operationId: string,
    summary: string,
    filter: Omit<ProductFilter, "keyword">,
    staff = false,
  ) =>
    app.get(
      url,
      {
        schema: {
          tags: ["products"],
          operationId,
          summary,
          description: LIST_NOTE,
          querystring: ProductListQuery,
          // Staff lists are never cached.
          response: staff
            ? { 200: productListEnvelope(ProductSummaryDto) }
            : { 200: productListEnvelope(ProductSummaryDto), ...notModified },
        },
        ...(staff ? { preValidation: requireStaff } : {}),
      },
      async (request, reply) => {
        const { page, size, keyword, sort, after } = request.query;
        const filters = listFiltersOf(request.query);
        const read = async () => {
          const found = await listProducts(
            app.db,
            { ...filter, keyword },
            { page, size, sort, filters, facets: !staff, after },
          );
          return productList(found, { page, size });
        };
        if (staff) return read();
        return sendCachedRead(request, reply, readKey(`products${url}`, request.query), read);
      },
    );

  listRoute("/", "listProducts", "Active products: newest first, or by relevance with a keyword", {
    isActive: true,
  });
  listRoute("/on-sale", "listProductsOnSale", "Active products on sale", { isActive: true, onSale: true });
  listRoute("/inactive", "listInactiveProducts", "Inactive products (staff)", { isActive: false }, true);

  app.get(
    "/export.csv",
    {
      schema: {
        tags: ["products"],
        operationId: "exportProductsCsv",
        summary:
          "Every product as CSV, one row per variant (handle, name, description, category, options, SKU, prices, stock, active, image URL) (staff)",
        response: {
          200: fileAnswer(
            "text/csv",
            "The catalogue as CSV, streamed; cells that would start a formula begin with '.",
          ),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) =>
      sendDownload(reply, {
        contentType: "text/csv; charset=utf-8",
        filename: "products.csv",
        body: exportProductsCsv(app.db, (error) =>
          request.log.error({ err: error }, "the products export stopped"),
        ),
      }),
  );

  app.post(
    "/import",
    {
      schema: {
        tags: ["products"],
        operationId: "importProductsCsv",
        summary:
          "Create and update products from a CSV in the export's columns (multipart field `file`, up to 10,000 rows): `dryRun=true` reports row by row what would happen; otherwise all rows apply in one transaction, or none and 422 with each refused cell (admin)",
        consumes: ["multipart/form-data"],
        querystring: ProductImportQuery,
        response: { 200: envelope(ProductImportReport), ...refusals(413, 415, 422) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const upload = await readUpload(request, "file");
      const report = await importProductsCsv(app.db, upload.buffer, {
        dryRun: request.query.dryRun,
        actor: userOf(request),
      });
      return ok(report, importMessage(report));
    },
  );

  app.get(
    "/:productId",
    {
      schema: {
        tags: ["products"],
        operationId: "getProduct",
        summary: "One product with gallery and latest reviews; an inactive one only for staff",
        params: ProductIdParams,
        response: { 200: envelope(ProductDto), ...notModified },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, readKey("product", request.params.productId), async () => {
        const session = await currentSession(request);
        const product = await getProductPage(app.db, request.params.productId, session?.user);
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
        operationId: "createProduct",
        summary: "Create a product, with its options and variants or one default variant (staff)",
        body: ProductInput,
        response: { 201: envelope(ProductDto), ...refusals(404, 409) },
      },
      config: { invalidMessage: formErrors.product },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const id = await createProduct(app.db, userOf(request), request.body);
      return reply.status(201).send(ok(await getProductPage(app.db, id, userOf(request)), api.created));
    },
  );

  app.put(
    "/:productId",
    {
      schema: {
        tags: ["products"],
        operationId: "replaceProduct",
        summary: "Replace a product's fields, gallery, options and variants (staff)",
        params: ProductIdParams,
        body: ProductUpdateInput,
        response: { 200: envelope(ProductDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.product },
      preValidation: requireStaff,
    },
    async (request) => {
      const { productId } = request.params;
      checkBodyId(productId, request.body.productId);
      await editProduct(app.db, userOf(request), productId, request.body);
      return ok(await getProductPage(app.db, productId, userOf(request)), api.updated);
    },
  );

  app.patch(
    "/:productId",
    {
      schema: {
        tags: ["products"],
        operationId: "switchProductFlags",
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
      const { product, message } = await patchProduct(app.db, userOf(request), productId, request.body);
      return ok(product, message);
    },
  );

  app.delete(
    "/:productId",
    {
      schema: {
        tags: ["products"],
        operationId: "deleteProduct",
        summary: "Delete a product that was never ordered (staff)",
        params: ProductIdParams,
        response: { 200: EmptyEnvelope, ...refusals(409) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      await deleteProduct(app.db, userOf(request), request.params.productId);
      return ok(null, api.deleted);
    },
  );
};

/** Mounted at /api/categories: a category's products are a product list. */
export const categoryProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const categoryProductsPage = async (by: { id: string } | { slug: string }, query: ProductListQuery) => {
    const { page, size, keyword, sort, after } = query;
    const filters = listFiltersOf(query);
    const found = await listCategoryProducts(app.db, by, keyword, {
      page,
      size,
      sort,
      filters,
      facets: true,
      after,
    });
    return productList(found, { page, size });
  };

  app.get(
    "/id/:id/products",
    {
      schema: {
        tags: ["categories"],
        operationId: "listCategoryProducts",
        summary: "A page of a category's active products, by category id",
        description: LIST_NOTE,
        params: IdParams,
        querystring: ProductListQuery,
        response: { 200: productListEnvelope(ProductSummaryDto), ...notModified },
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
        operationId: "listCategoryProductsBySlug",
        summary: "A page of a category's active products, by category slug",
        description: LIST_NOTE,
        params: SlugParams,
        querystring: ProductListQuery,
        response: { 200: productListEnvelope(ProductSummaryDto), ...notModified },
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

/** Mounted at /api/search: suggestions as the shopper types in the search box. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/suggest",
    {
      schema: {
        tags: ["products"],
        operationId: "suggestSearch",
        summary: "Up to 5 products, up to 3 categories and the corrected query for what is typed so far",
        description: `The products are the best ranked (as a search ranks them) among the newest ${SUGGESTION_WINDOW} that match, and the categories those the most of them are in.`,
        querystring: SuggestQuery,
        response: { 200: envelope(SearchSuggestionsDto), ...notModified },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, readKey("search-suggest", request.query), async () =>
        ok(await suggest(app.db, request.query.q)),
      ),
  );
};
