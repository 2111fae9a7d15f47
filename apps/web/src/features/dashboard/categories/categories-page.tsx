import {
  ArrowTopRightOnSquareIcon,
  PencilSquareIcon,
  PlusIcon,
  ReceiptPercentIcon,
  TrashIcon,
} from "@heroicons/react/20/solid";
import { categoryActions, empty, taxFields } from "@shop/shared/messages";
import type { CategoryDto } from "@shop/shared/schemas/category";
import { useMemo, useState } from "react";
import { Button } from "#web/components/button";
import { useCategories } from "#web/lib/categories";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { useSession } from "#web/lib/session";
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
import { CategoryDialog } from "./components/category-dialog";
import { CategoryTaxDialog } from "./components/category-tax-dialog";
import { DeleteCategoryDialog } from "./components/delete-category-dialog";
import { RenameCategoryDialog } from "./components/rename-category-dialog";

const COLUMNS = [
  { label: "Name" },
  { label: "Slug" },
  { label: taxFields.rate },
  { label: taxFields.hsn },
  { label: "Products", className: "text-right" },
] as const;

/** Admins rename, tax and delete a category from its row; managers read it. */
const ADMIN_COLUMNS = [...COLUMNS, { label: "Actions", className: "text-right" }] as const;

/**
 * A small screen's card: the name, the slug and the edit button on the first line; the rate, the
 * code and the product count on the second, where they fit side by side.
 */
const secondLine = "max-sm:order-2";

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900";

/** A category's rate or HSN code, or the shop's default (absent); on a small screen's card, named. */
function TaxCell({ label, value }: { label: string; value: string | undefined }) {
  return (
    <td className={cx(cellClass, secondLine, "whitespace-nowrap")}>
      <span className="text-neutral-500 sm:hidden">{label}: </span>
      {value === undefined ? (
        <span className="text-neutral-500">{taxFields.shopDefault}</span>
      ) : (
        <span className="tabular-nums">{value}</span>
      )}
    </td>
  );
}

export function CategoriesPage() {
  const list = useListParams();
  const query = useCategories();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CategoryDto | null>(null);
  const [renaming, setRenaming] = useState<CategoryDto | null>(null);
  const [deleting, setDeleting] = useState<CategoryDto | null>(null);
  // PATCH and DELETE /categories/{id} and PUT /categories/{id}/tax are the admins'.
  const isAdmin = useSession((state) => state.user?.role === "admin");

  // GET /categories answers every category at once; the keyword and the paging apply here.
  const paged = useMemo(() => {
    if (!query.data) return undefined;
    const keyword = list.keyword.toLowerCase();
    const matching = keyword
      ? query.data.filter(
          (category) => category.name.toLowerCase().includes(keyword) || category.slug.includes(keyword),
        )
      : query.data;
    const start = (list.page - 1) * list.size;
    return {
      items: matching.slice(start, start + list.size),
      meta: {
        page: list.page,
        size: list.size,
        total: matching.length,
        pageCount: Math.max(1, Math.ceil(matching.length / list.size)),
      },
    };
  }, [query.data, list.keyword, list.page, list.size]);

  return (
    <>
      <SectionHeader
        title="Categories"
        action={
          <Button size="sm" onClick={() => setAdding(true)}>
            <PlusIcon className="size-4" aria-hidden="true" />
            New Category
          </Button>
        }
      />
      <SectionBody>
        <SectionCard title="All Categories">
          <PagedList
            list={list}
            searchLabel="categories"
            query={{ ...query, data: paged }}
            empty={empty.categories}
          >
            {(categories) => (
              <DataTable caption="All Categories" columns={isAdmin ? ADMIN_COLUMNS : COLUMNS}>
                {categories.map((category) => (
                  <tr key={category._id} className={openableRowClass}>
                    <td className={cx(cellClass, growCellClass, "font-medium text-neutral-900")}>
                      {category.name}
                    </td>
                    <td className={cellClass}>
                      <a
                        href={`/product-category/${category.slug}`}
                        target="_blank"
                        rel="noopener"
                        className={`inline-flex items-center gap-1 text-brand-700 hover:underline ${rowLinkClass}`}
                      >
                        {category.slug}
                        <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
                      </a>
                    </td>
                    <TaxCell
                      label={taxFields.rateShort}
                      value={
                        category.taxSlabs
                          ? taxFields.slabsSummary(category.taxSlabs.map((slab) => slab.rate))
                          : category.taxRate === undefined
                            ? undefined
                            : taxFields.percent(category.taxRate)
                      }
                    />
                    <TaxCell label={taxFields.hsnShort} value={category.hsnCode} />
                    <td className={cx(cellClass, endCellClass, secondLine, "text-right tabular-nums")}>
                      <span className="text-neutral-500 sm:hidden">{taxFields.productsShort}: </span>
                      {category.count}
                    </td>
                    {isAdmin ? (
                      <td className={cx(cellClass, "text-right whitespace-nowrap max-sm:order-1")}>
                        <button
                          type="button"
                          onClick={() => setRenaming(category)}
                          className={cx(iconButton, overRowLinkClass)}
                          aria-label={categoryActions.rename(category.name)}
                          title={categoryActions.rename(category.name)}
                        >
                          <PencilSquareIcon className="size-5" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          onClick={() => setEditing(category)}
                          className={cx(iconButton, overRowLinkClass)}
                          aria-label={taxFields.edit(category.name)}
                          title={taxFields.edit(category.name)}
                        >
                          <ReceiptPercentIcon className="size-5" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          onClick={() => setDeleting(category)}
                          className={cx(iconButton, overRowLinkClass, "hover:text-danger-700")}
                          aria-label={categoryActions.delete(category.name)}
                          title={categoryActions.delete(category.name)}
                        >
                          <TrashIcon className="size-5" aria-hidden="true" />
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      <CategoryDialog open={adding} onClose={() => setAdding(false)} canSetTax={isAdmin} />
      {isAdmin ? <CategoryTaxDialog category={editing} onClose={() => setEditing(null)} /> : null}
      {isAdmin ? <RenameCategoryDialog category={renaming} onClose={() => setRenaming(null)} /> : null}
      {isAdmin ? (
        <DeleteCategoryDialog
          category={deleting}
          categories={query.data ?? []}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
