import { DISCOUNT_STATUSES } from "@shop/shared/constants";
import { empty } from "@shop/shared/messages";
import type { DiscountDto } from "@shop/shared/schemas/discount";
import { useMemo } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#web/components/button";
import { SelectField } from "#web/components/select-field";
import { StatusBadge } from "#web/components/status-badge";
import { StatusToggle } from "#web/components/status-toggle";
import { useCategories } from "#web/lib/categories";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
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
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useDiscounts } from "./api/get-discounts";
import { useSetDiscountActive } from "./api/set-discount-active";
import {
  DISCOUNT_STATUS_LABELS,
  DISCOUNT_TYPE_LABELS,
  discountDatesText,
  discountScopeText,
  discountUsesText,
  discountValueText,
} from "./components/discount-terms";
import { type DiscountStatusFilter, useStatusParam } from "./hooks/use-status-param";

const VIEWS: Record<DiscountStatusFilter, { title: string; empty: string }> = {
  all: { title: "All Discount Codes", empty: empty.discounts },
  active: { title: "Active Codes", empty: empty.activeDiscounts },
  scheduled: { title: "Scheduled Codes", empty: empty.scheduledDiscounts },
  expired: { title: "Expired Codes", empty: empty.expiredDiscounts },
  "used-up": { title: "Used-up Codes", empty: empty.usedUpDiscounts },
  inactive: { title: "Inactive Codes", empty: empty.inactiveDiscounts },
};

const FILTERS: readonly DiscountStatusFilter[] = ["all", ...DISCOUNT_STATUSES];

const COLUMNS = [
  { label: "Code" },
  { label: "Discount" },
  { label: "Applies to" },
  { label: "Dates" },
  { label: "Uses" },
  { label: "Status" },
  { label: "Active" },
] as const;

/** The codes' category names by id, for the "Applies to" column. */
function useCategoryNames(): ReadonlyMap<string, string> {
  const categories = useCategories();
  return useMemo(
    () => new Map((categories.data ?? []).map((category) => [category._id, category.name])),
    [categories.data],
  );
}

/**
 * /dashboard/discounts (staff): the discount codes, newest first; a keyword on the code, a status,
 * the paging bar, and each code's switch.
 */
export function DiscountsPage() {
  const head = <PageMeta title={pageTitle("Discounts")} />;
  const list = useListParams();
  const [status, setStatus] = useStatusParam();
  const view = VIEWS[status];
  const query = useDiscounts(status, {
    page: list.page,
    size: list.size,
    keyword: list.keyword || undefined,
  });
  const setActive = useSetDiscountActive();
  const categoryNames = useCategoryNames();

  const filters = (
    <SelectField
      label="Status"
      layout="inline"
      value={status}
      onChange={(event) => setStatus(FILTERS.find((filter) => filter === event.target.value) ?? "all")}
    >
      {FILTERS.map((filter) => (
        <option key={filter} value={filter}>
          {filter === "all" ? "All" : DISCOUNT_STATUS_LABELS[filter]}
        </option>
      ))}
    </SelectField>
  );

  const toggling = (discount: DiscountDto) =>
    setActive.isPending && setActive.variables?.discountId === discount._id;

  return (
    <>
      {head}

      <SectionHeader
        title="Discounts"
        action={
          <Link to="/dashboard/discounts/new" className={buttonClasses({ size: "sm" })}>
            New Discount
          </Link>
        }
      />
      <SectionBody>
        <SectionCard title={view.title}>
          <PagedList list={list} searchLabel="codes" query={query} empty={view.empty} filters={filters}>
            {(discounts) => (
              <DataTable caption={view.title} columns={COLUMNS}>
                {discounts.map((discount) => (
                  <tr key={discount._id} className={openableRowClass}>
                    <td className={cx(cellClass, growCellClass)}>
                      <Link
                        to={`/dashboard/discounts/${discount._id}`}
                        className={cx(
                          "font-mono font-semibold break-all text-neutral-900 hover:underline",
                          rowLinkClass,
                        )}
                      >
                        {discount.code}
                      </Link>
                    </td>
                    <td className={cx(cellClass, "whitespace-nowrap")}>
                      <p className="font-medium text-neutral-900">{discountValueText(discount)}</p>
                      {discount.type === "free_shipping" ? null : (
                        <p className="text-xs text-neutral-500">{DISCOUNT_TYPE_LABELS[discount.type]}</p>
                      )}
                    </td>
                    <td className={cx(cellClass, "text-neutral-700 max-sm:basis-full sm:max-w-48")}>
                      {discountScopeText(discount, categoryNames)}
                    </td>
                    <td className={cx(cellClass, "text-neutral-600 max-sm:basis-full sm:max-w-56")}>
                      {discountDatesText(discount)}
                    </td>
                    <td className={cx(cellClass, "whitespace-nowrap tabular-nums")}>
                      {/* The column's header names it on a wide screen; a phone's card says it. */}
                      <span className="text-neutral-500 sm:sr-only">Uses </span>
                      {discountUsesText(discount)}
                    </td>
                    <td className={cellClass}>
                      <StatusBadge kind="discount" status={discount.status} />
                    </td>
                    <td className={cx(cellClass, endCellClass, overRowLinkClass)}>
                      <StatusToggle
                        checked={
                          toggling(discount)
                            ? (setActive.variables?.isActive ?? discount.isActive)
                            : discount.isActive
                        }
                        onChange={(isActive) => setActive.mutate({ discountId: discount._id, isActive })}
                        disabled={toggling(discount)}
                        label={`Active: ${discount.code}`}
                      />
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
