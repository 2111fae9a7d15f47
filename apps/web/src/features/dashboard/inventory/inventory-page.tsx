import { ArrowDownTrayIcon } from "@heroicons/react/24/outline";
import { DEFAULT_PAGE, LOW_STOCK_THRESHOLD } from "@shop/shared/constants";
import { inventoryPage, listPaging } from "@shop/shared/messages";
import { INVENTORY_FILTERS, type InventoryRow } from "@shop/shared/schemas/inventory";
import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { formatOptionValues } from "#web/components/option-values";
import { SelectField } from "#web/components/select-field";
import { StockBadge } from "#web/components/stock-badge";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useSettings } from "../settings/api/get-settings";
import { type InventoryView, inventoryExportUrl, useInventory } from "./api/inventory";
import { AdjustDialog } from "./components/adjust-dialog";
import { MovementsDialog } from "./components/movements-dialog";

const VIEWS: readonly InventoryView[] = ["all", ...INVENTORY_FILTERS];
const columns = inventoryPage.columns;
const COLUMNS = [
  { label: columns.product },
  { label: columns.sku },
  { label: columns.stock },
  { label: columns.sold },
  { label: columns.waiting },
  { label: columns.actions, srOnly: true },
] as const;

/** The stock filter, kept in the address (`?filter=low`); another filter returns to page 1. */
function useFilterParam(): [InventoryView, (view: InventoryView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get("filter");
  const view = VIEWS.find((candidate) => candidate === value) ?? "all";
  const setView = useCallback(
    (next: InventoryView) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        if (next === "all") params.delete("filter");
        else params.set("filter", next);
        return params;
      }),
    [setSearchParams],
  );
  return [view, setView];
}

function labelOf(row: InventoryRow): string {
  const options = formatOptionValues(row.options);
  return options ? `${row.productName} (${options})` : row.productName;
}

/**
 * /dashboard/inventory (admins and managers): one row per variant with its stock, units sold in 30
 * days and the shoppers waiting for it (back-in-stock requests, the best guide to what to reorder),
 * filtered to low or out of stock, searched by product name or SKU; each row adjusts its stock with a
 * reason and opens its stock log.
 */
export function InventoryPage() {
  const head = <PageMeta title={pageTitle(inventoryPage.title)} />;
  const list = useListParams();
  const [view, setView] = useFilterParam();
  const query = useInventory(view, {
    page: list.page,
    size: list.size,
    after: list.after,
    keyword: list.keyword || undefined,
  });
  const threshold = useSettings().data?.inventory.lowStockThreshold ?? LOW_STOCK_THRESHOLD;
  const [open, setOpen] = useState<{ row: InventoryRow; dialog: "adjust" | "log" } | undefined>();

  const filters = (
    <>
      <SelectField
        label={inventoryPage.filterLabel}
        layout="inline"
        value={view}
        onChange={(event) => setView(VIEWS.find((candidate) => candidate === event.target.value) ?? "all")}
      >
        {VIEWS.map((candidate) => (
          <option key={candidate} value={candidate}>
            {inventoryPage.filters[candidate]}
          </option>
        ))}
      </SelectField>
      <a
        href={inventoryExportUrl(view, list.keyword)}
        download
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
        {inventoryPage.exportCsv}
      </a>
    </>
  );

  return (
    <>
      {head}

      <SectionHeader title={inventoryPage.title} />
      <SectionBody>
        <SectionCard title={`${inventoryPage.filters[view]} variants`}>
          <PagedList
            list={list}
            searchLabel="products or SKUs"
            noun={listPaging.nouns.variants}
            query={query}
            empty={inventoryPage.empty}
            filters={filters}
          >
            {(rows) => (
              <DataTable caption={inventoryPage.title} columns={COLUMNS}>
                {rows.map((row) => {
                  const label = labelOf(row);
                  return (
                    <tr key={row.variantId}>
                      <td className={cx(cellClass, growCellClass, "max-sm:basis-full sm:min-w-48")}>
                        <Link
                          to={`/dashboard/products/edit/${row.productId}`}
                          className="font-medium text-neutral-900 hover:underline"
                        >
                          {row.productName}
                        </Link>
                        {formatOptionValues(row.options) ? (
                          <p className="text-xs text-neutral-600">{formatOptionValues(row.options)}</p>
                        ) : null}
                        {row.isActive ? null : (
                          <p className="text-xs text-neutral-500">{inventoryPage.inactive}</p>
                        )}
                      </td>
                      <td className={cx(cellClass, "text-xs")}>
                        {row.sku === null ? (
                          <span className="text-neutral-500">{inventoryPage.noSku}</span>
                        ) : (
                          <span className="font-mono break-all text-neutral-700">{row.sku}</span>
                        )}
                      </td>
                      <td className={cx(cellClass, "whitespace-nowrap tabular-nums")}>
                        <span className="sm:sr-only">{columns.stock}: </span>
                        {row.stock} <StockBadge stock={row.stock} threshold={threshold} className="ml-1" />
                      </td>
                      <td className={cx(cellClass, "tabular-nums text-neutral-700")}>
                        <span className="sm:sr-only">{columns.sold}: </span>
                        {row.sold30}
                      </td>
                      <td className={cx(cellClass, "whitespace-nowrap tabular-nums text-neutral-700")}>
                        {row.stockAlerts > 0 ? (
                          <span
                            title={inventoryPage.waitingHint}
                            className="inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-600/30 ring-inset"
                          >
                            {inventoryPage.waiting(row.stockAlerts)}
                          </span>
                        ) : (
                          <>
                            <span className="sm:sr-only">{columns.waiting}: </span>0
                          </>
                        )}
                      </td>
                      <td className={cx(cellClass, endCellClass, "whitespace-nowrap")}>
                        <div className="flex gap-2">
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={inventoryPage.adjustOf(label)}
                            onClick={() => setOpen({ row, dialog: "adjust" })}
                          >
                            {inventoryPage.adjust}
                          </Button>
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={inventoryPage.logOf(label)}
                            onClick={() => setOpen({ row, dialog: "log" })}
                          >
                            {inventoryPage.log}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      {open?.dialog === "adjust" ? (
        <AdjustDialog
          variantId={open.row.variantId}
          label={labelOf(open.row)}
          stock={open.row.stock}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
      {open?.dialog === "log" ? (
        <MovementsDialog
          variantId={open.row.variantId}
          label={labelOf(open.row)}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </>
  );
}
