/**
 * SQL for the filters of a product list: the list's own conditions (active, on sale, category), the
 * shopper's filters (categories, price, stock, sale, rating, options) over a window row, and the
 * facets the storefront's filter panel shows, each filter's values counted with the other filters
 * applied. The window they stand over is in repo-window.ts.
 */
import { RATING_STEPS } from "@shop/shared/constants";
import type { ProductListFilters } from "@shop/shared/schemas/product";
import { type SQL, sql } from "drizzle-orm";
import { categories } from "#api/db/schema/categories";

/** The list a page is read from (active or not, on sale or not, one category), and its keyword if any. */
export interface ProductFilter {
  isActive: boolean;
  onSale?: boolean;
  categoryId?: string;
  keyword?: string;
}

/** The list's own conditions (active, on sale, category) over `products p`. */
export function baseConditions(filter: ProductFilter): SQL {
  const conditions = [sql`p.is_active = ${filter.isActive}`];
  if (filter.onSale !== undefined) conditions.push(sql`p.on_sale = ${filter.onSale}`);
  if (filter.categoryId) conditions.push(sql`p.category_id = ${filter.categoryId}`);
  return sql.join(conditions, sql` and `);
}

export type FilterDimension = "category" | "price" | "inStock" | "onSale" | "rating" | "options";

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * A jsonpath over a product's `variant_options` that selects its active variants holding one of the
 * chosen values of every chosen option but `except` (one variant, not one value here and another
 * there; every variant when nothing is chosen), and its variables: names are quoted as JSON
 * strings, values passed as variables, so no text is parsed as path syntax.
 */
function variantsWithOptions(
  options: Record<string, string[]>,
  except?: string,
): { path: string; vars: string } {
  const vars: Record<string, string> = {};
  const conditions = Object.entries(options)
    .filter(([name]) => name !== except)
    .map(([name, values], n) => {
      const alternatives = values.map((value, k) => {
        vars[`o${n}v${k}`] = value;
        return `@.${JSON.stringify(name)} == $o${n}v${k}`;
      });
      return `(${alternatives.join(" || ")})`;
    });
  const path = conditions.length > 0 ? `$[*] ? (${conditions.join(" && ")})` : "$[*]";
  return { path, vars: JSON.stringify(vars) };
}

/** The shopper's filters over a window row `x`, by dimension (absent: no such filter). */
export function filterPredicates(filters: ProductListFilters): Partial<Record<FilterDimension, SQL>> {
  const predicates: Partial<Record<FilterDimension, SQL>> = {};
  if (filters.categories && filters.categories.length > 0) {
    predicates.category = sql`x.category_id in (select c.id from ${categories} c where c.slug in (${inList(filters.categories)}))`;
  }
  const bounds: SQL[] = [];
  if (filters.minPrice !== undefined) bounds.push(sql`x.price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) bounds.push(sql`x.price <= ${filters.maxPrice}`);
  if (bounds.length > 0) predicates.price = sql.join(bounds, sql` and `);
  if (filters.inStock !== undefined) predicates.inStock = sql`(x.stock > 0) = ${filters.inStock}`;
  if (filters.onSale !== undefined) predicates.onSale = sql`x.on_sale = ${filters.onSale}`;
  if (filters.rating !== undefined) predicates.rating = sql`x.rating_average >= ${filters.rating}`;
  const options = filters.options ?? {};
  if (Object.keys(options).length > 0) {
    predicates.options = optionsMatch(options, sql`x`);
  }
  return predicates;
}

/**
 * Whether a product row `row` has an active variant holding one of the chosen values of every chosen
 * option. NOTE: each option's values among the product's pairs first, a condition the GIN index of
 * `option_pairs` answers (a rare value is found without testing every product; `option_pair` is the
 * SQL function of migration 0014 that wrote them); then the exact test, on one variant.
 */
export function optionsMatch(options: Record<string, string[]>, row: SQL): SQL {
  const anyPair = Object.entries(options).map(
    ([name, values]) =>
      sql`${row}.option_pairs && array[${sql.join(
        values.map((value) => sql`option_pair(${name}::text, ${value}::text)`),
        sql`, `,
      )}]`,
  );
  const pairs = sql.join(anyPair, sql` and `);
  if (anyPair.length === 1) return pairs;
  const { path, vars } = variantsWithOptions(options);
  return sql`${pairs} and jsonb_path_exists(${row}.variant_options, ${path}::jsonpath, ${vars}::jsonb)`;
}

/** Every filter but those of `except`, and-ed. */
export function allBut(predicates: Partial<Record<FilterDimension, SQL>>, ...except: FilterDimension[]): SQL {
  const kept = Object.entries(predicates)
    .filter(([dimension]) => !except.includes(dimension as FilterDimension))
    .map(([, predicate]) => predicate as SQL);
  return kept.length > 0 ? sql.join(kept, sql` and `) : sql`true`;
}

/**
 * The facets of the window `u`: each filter's values counted with every other filter applied.
 * Options count the products with an active variant that has the value and the other chosen options.
 */
export function facetsOf(filters: ProductListFilters): SQL {
  const predicates = filterPredicates(filters);
  const within = (dimension: FilterDimension, condition: SQL) =>
    sql`(${allBut(predicates, dimension)}) and ${condition}`;
  const ratings = RATING_STEPS.map(
    (atLeast, n) =>
      sql`count(*) filter (where ${within("rating", sql`x.rating_average >= ${atLeast}`)})::integer as r${sql.raw(String(n))}`,
  );
  const ratingCounts = RATING_STEPS.map(
    (atLeast, n) => sql`json_build_object('atLeast', ${atLeast}::integer, 'count', s.r${sql.raw(String(n))})`,
  );
  // NOTE: the price, rating, stock and sale counts in one pass over the window, each with its own filters.
  return sql`(select json_build_object(
    'categories', (
      select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', g.n) order by g.n desc, c.name), '[]'::json)
      from (select x.category_id, count(*)::integer as n from u x where ${allBut(predicates, "category")} group by x.category_id) g
      join ${categories} c on c.id = g.category_id),
    'price', json_build_object('min', s.min_price, 'max', s.max_price),
    'rating', json_build_array(${sql.join(ratingCounts, sql`, `)}),
    'inStock', s.in_stock,
    'onSale', s.on_sale,
    'options', (
      select coalesce(json_object_agg(o.name, o.counts), '{}'::json)
      from (
        select k.name, json_agg(json_build_object('value', k.value, 'count', k.n) order by k.n desc, k.value) as counts
        from (${optionCounts(filters, predicates)}) k
        group by k.name
      ) o)
  ) from (
    select
      min(x.price) filter (where ${allBut(predicates, "price")}) as min_price,
      max(x.price) filter (where ${allBut(predicates, "price")}) as max_price,
      ${sql.join(ratings, sql`, `)},
      count(*) filter (where ${within("inStock", sql`x.stock > 0`)})::integer as in_stock,
      count(*) filter (where ${within("onSale", sql`x.on_sale`)})::integer as on_sale
    from u x
  ) s)`;
}

/**
 * How many products of the window `u` have an active variant with each option value (`name`,
 * `value`, `n`), with the other filters applied. Without an option filter, each product's distinct
 * pairs are counted as kept (`option_pairs`). With one, a value counts for a product only through a
 * variant that also holds a chosen value of every other chosen option: one jsonpath over the
 * product's `variant_options` gives the pairs of the variants holding every chosen option (for the
 * options not chosen), and one per chosen option the values of the variants holding the others.
 * NOTE: read from the row, not by joining the variants (a window of 500 products is 3 000 index
 * look-ups), and one call a product, not one a variant. The pairs are grouped before their names are
 * read (OFFSET 0): the chosen option's name, pushed below the grouping, parsed every product's pairs.
 */
function optionCounts(filters: ProductListFilters, predicates: Partial<Record<FilterDimension, SQL>>): SQL {
  const options = filters.options ?? {};
  const others = allBut(predicates, "options");
  const chosen = Object.keys(options);
  const pairCounts = sql`select g.pair::jsonb ->> 0 as name, g.pair::jsonb ->> 1 as value, g.n
    from (select y.pair, count(*)::integer as n from (select unnest(x.option_pairs) as pair from u x where ${others}) y
      group by y.pair offset 0) g`;
  if (chosen.length === 0) return pairCounts;
  // NOTE: the set-returning functions in the select list, not in a lateral join: half the time.
  const all = variantsWithOptions(options);
  const unchosen = sql`select distinct y.id, y.kv ->> 'key' as name, y.kv ->> 'value' as value
    from (select x.id, jsonb_path_query(x.variant_options, ${`${all.path}.keyvalue()`}::jsonpath, ${all.vars}::jsonb) as kv
      from u x where ${others}) y
    where y.kv ->> 'key' not in (${inList(chosen)})`;
  const counted = (rows: SQL[]) => sql`select d.name, d.value, count(*)::integer as n
    from (${sql.join(rows, sql` union all `)}) d
    group by d.name, d.value`;
  const [only] = chosen;
  if (chosen.length === 1 && only !== undefined) {
    // The one chosen option's own values need no other option: its pairs, counted as without a filter.
    return sql`${counted([unchosen])} union all select k.name, k.value, k.n from (${pairCounts}) k where k.name = ${only}`;
  }
  const perChosen = chosen.map((name) => {
    const { path, vars } = variantsWithOptions(options, name);
    return sql`select distinct y.id, ${name}::text as name, y.v #>> '{}' as value
      from (select x.id, jsonb_path_query(x.variant_options, ${`${path}.${JSON.stringify(name)}`}::jsonpath, ${vars}::jsonb) as v
        from u x where ${others}) y`;
  });
  return counted([unchosen, ...perChosen]);
}
