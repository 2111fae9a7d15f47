import { ArrowTopRightOnSquareIcon, PlusIcon } from "@heroicons/react/20/solid";
import { empty } from "@shop/shared/messages";
import { useMemo, useState } from "react";
import { Button } from "#web/components/button";
import { useCategories } from "#web/lib/categories";
import { useListParams } from "#web/lib/list-params";
import { cellClass, DataTable, endCellClass, openableRowClass, rowLinkClass } from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { CategoryDialog } from "./components/category-dialog";

const COLUMNS = [
  { label: "Name" },
  { label: "Slug" },
  { label: "Products", className: "text-right" },
] as const;

export function CategoriesPage() {
  const list = useListParams();
  const query = useCategories();
  const [adding, setAdding] = useState(false);

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
              <DataTable caption="All Categories" columns={COLUMNS}>
                {categories.map((category) => (
                  <tr key={category._id} className={openableRowClass}>
                    <td className={`${cellClass} font-medium text-neutral-900`}>{category.name}</td>
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
                    <td className={`${cellClass} ${endCellClass} text-right tabular-nums`}>
                      {category.count}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      <CategoryDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
