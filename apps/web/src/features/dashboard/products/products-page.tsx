import {
  ArrowDownTrayIcon,
  ArrowTopRightOnSquareIcon,
  ArrowUpTrayIcon,
  PencilSquareIcon,
  TrashIcon,
} from "@heroicons/react/20/solid";
import { PhotoIcon } from "@heroicons/react/24/outline";
import { LOW_STOCK_THRESHOLD } from "@shop/shared/constants";
import { empty, listPaging, productCsv } from "@shop/shared/messages";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#web/components/button";
import { MediaImage } from "#web/components/media-image";
import { Price } from "#web/components/price";
import { StatusToggle } from "#web/components/status-toggle";
import { StockBadge } from "#web/components/stock-badge";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { useSession } from "#web/lib/session";
import { ConfirmDialog } from "../components/confirm-dialog";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
  openableRowClass,
  overRowLinkClass,
  rowLinkClass,
} from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { useSettings } from "../settings/api/get-settings";
import { useDeleteProduct } from "./api/delete-product";
import { type ProductListKind, useAdminProducts } from "./api/get-products";
import { PRODUCTS_CSV_URL } from "./api/import-products";
import { useSetProductActive } from "./api/set-product-active";
import { ImportDialog } from "./components/import-dialog";

export type ProductsView = ProductListKind;

const VIEWS: Record<ProductsView, { title: string; empty: string }> = {
  all: { title: "All Products", empty: empty.products },
  "on-sale": { title: "Products On Sale", empty: empty.products },
  inactive: { title: "Inactive Products", empty: empty.inactiveProducts },
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/products", label: "All Products" },
  { to: "/dashboard/products/on-sale", label: "On Sale" },
  { to: "/dashboard/products/inactive", label: "Inactive" },
];

const COLUMNS = [
  { label: "Image" },
  { label: "Name" },
  { label: "Price" },
  { label: "Category" },
  { label: "Active" },
  { label: "Actions", className: "text-right" },
] as const;

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900";

export function ProductsPage({ view }: { view: ProductsView }) {
  const { title, empty: emptyMessage } = VIEWS[view];
  const list = useListParams();
  const lowStock = useSettings().data?.inventory.lowStockThreshold ?? LOW_STOCK_THRESHOLD;
  const query = useAdminProducts(view, {
    page: list.page,
    size: list.size,
    after: list.after,
    keyword: list.keyword || undefined,
  });
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  // Rows toggled away from this list leave it at once (SPEC section 4), before the list is fetched again.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<ProductSummaryDto | null>(null);
  const [importing, setImporting] = useState(false);
  // Importing writes the catalogue in bulk: admins only, as the API says.
  const canImport = useSession((state) => state.user?.role === "admin");

  const toggle = (product: ProductSummaryDto, value: boolean) =>
    setActive.mutate(
      { productId: product._id, value },
      { onSuccess: () => setGone((current) => new Set(current).add(product._id)) },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => setGone((current) => new Set(current).add(toDelete._id)),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <>
      <SectionHeader
        title="Products"
        links={LINKS}
        action={
          <div className="flex gap-2">
            {/* A plain link: the browser downloads the streamed file with the session cookie. */}
            <a
              href={PRODUCTS_CSV_URL}
              download
              className={buttonClasses({ size: "sm", variant: "secondary" })}
            >
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
              {/* Icons alone on a phone, so the header keeps its title and New Product. */}
              <span className="sr-only sm:not-sr-only">{productCsv.exportButton}</span>
            </a>
            {canImport ? (
              <button
                type="button"
                onClick={() => setImporting(true)}
                title={productCsv.importButton}
                className={buttonClasses({ size: "sm", variant: "secondary" })}
              >
                <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{productCsv.importButton}</span>
              </button>
            ) : null}
            <Link to="/dashboard/products/new" className={buttonClasses({ size: "sm" })}>
              New Product
            </Link>
          </div>
        }
      />
      <SectionBody>
        <SectionCard title={title}>
          <PagedList
            list={list}
            searchLabel="products"
            noun={listPaging.nouns.products}
            query={query}
            empty={emptyMessage}
          >
            {(products) => (
              <DataTable caption={title} columns={COLUMNS}>
                {products
                  .filter((product) => !gone.has(product._id))
                  .map((product) => (
                    <tr key={product._id} className={openableRowClass}>
                      <td className={cellClass}>
                        {product.thumbnail ? (
                          <MediaImage
                            media={product.thumbnail}
                            alt=""
                            sizes="48px"
                            className="size-12 rounded-control bg-neutral-100 object-cover"
                          />
                        ) : (
                          <span className="flex size-12 items-center justify-center rounded-control bg-neutral-100">
                            <PhotoIcon className="size-6 text-neutral-400" aria-hidden="true" />
                          </span>
                        )}
                      </td>
                      <td className={cx(cellClass, growCellClass, "min-w-48")}>
                        <Link
                          to={`/dashboard/products/edit/${product._id}`}
                          className={cx("font-medium text-neutral-900 hover:underline", rowLinkClass)}
                        >
                          {product.name}
                        </Link>
                        <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-neutral-500">
                          <StockBadge stock={product.stock} threshold={lowStock} />
                          {product.stock} in stock
                          {/* Summed over the active variants; a product with options says how many it has. */}
                          {product.options.length > 0
                            ? ` · ${product.variantCount} ${product.variantCount === 1 ? "variant" : "variants"}`
                            : null}
                        </p>
                      </td>
                      <td className={cx(cellClass, "whitespace-nowrap")}>
                        <Price price={product.price} onSale={product.onSale} salePrice={product.salePrice} />
                      </td>
                      <td className={cx(cellClass, "whitespace-nowrap")}>{product.category.name}</td>
                      <td className={cx(cellClass, overRowLinkClass)}>
                        <StatusToggle
                          checked={product.isActive}
                          onChange={(value) => toggle(product, value)}
                          disabled={setActive.isPending && setActive.variables?.productId === product._id}
                          label={`Active: ${product.name}`}
                        />
                      </td>
                      <td className={cx(cellClass, endCellClass, "text-right whitespace-nowrap")}>
                        <button
                          type="button"
                          onClick={() => setToDelete(product)}
                          className={cx(iconButton, overRowLinkClass, "hover:text-danger-700")}
                          aria-label={`Delete ${product.name}`}
                          title="Delete"
                        >
                          <TrashIcon className="size-5" aria-hidden="true" />
                        </button>
                        <Link
                          to={`/dashboard/products/edit/${product._id}`}
                          className={cx(iconButton, overRowLinkClass)}
                          aria-label={`Edit ${product.name}`}
                          title="Edit"
                        >
                          <PencilSquareIcon className="size-5" aria-hidden="true" />
                        </Link>
                        <a
                          href={`/product/${product._id}`}
                          target="_blank"
                          rel="noopener"
                          className={cx(iconButton, overRowLinkClass)}
                          aria-label={`Open ${product.name} in the shop`}
                          title="Open in the shop"
                        >
                          <ArrowTopRightOnSquareIcon className="size-5" aria-hidden="true" />
                        </a>
                      </td>
                    </tr>
                  ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete product"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        Delete '{toDelete?.name}'? This cannot be undone. A product that has been ordered cannot be deleted;
        deactivate it instead.
      </ConfirmDialog>
      {canImport ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
