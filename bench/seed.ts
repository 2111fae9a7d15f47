/**
 * The bench catalogue: a fresh database, migrated with the API's own migrations,
 * filled set-based (`insert ... select ... from generate_series`) with N active products, a few
 * inactive ones, 20 categories, shoppers and reviews. Deterministic: the same rows on every run.
 */
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import {
  type Database,
  type DatabaseHandle,
  migrate,
  openDatabase,
  type Transaction,
} from "../apps/api/src/db/client";
import { hashPassword } from "../apps/api/src/modules/auth/password";
import { searchDocumentOf, searchWordsOf } from "../apps/api/src/modules/products/search";
import {
  ADJECTIVES,
  BRANDS,
  CARE,
  CATEGORIES,
  COLOURS,
  FEATURES,
  FIRST_NAMES,
  LAST_NAMES,
  OCCASIONS,
  REVIEW_COMMENTS,
  REVIEW_TITLES,
} from "./lib/catalog-words";
import {
  assertLoopback,
  benchDatabaseName,
  hash,
  integer,
  literal,
  maintenanceUrl,
  textArray,
} from "./lib/sql-text";

/** Every bench account signs in with this password (for the sign-in and order benchmarks). */
export const BENCH_PASSWORD = "Bench@12345";
export const BENCH_ADMIN_EMAIL = "bench.admin@example.com";

/** The shopper accounts are `bench.shopper.<n>@example.com`, n from 1 to `users`. */
export function benchShopperEmail(n: number): string {
  return `bench.shopper.${n}@example.com`;
}

export interface SeedOptions {
  /** Active products. */
  products: number;
  /** Inactive products on top (default 0.5% of the active ones, at least 3). */
  inactive?: number;
  /** Shopper accounts (default one per 20 products, at least 50). */
  users?: number;
  /** Variants of each product (default six, one with BENCH_VARIANTS=1). */
  variants?: VariantCount;
  /** Longest a seeding statement may run (default two minutes; a million products' take longer). */
  statementTimeoutMs?: number;
  /** Told how long each step took (seconds). */
  onStep?: (step: string, seconds: number) => void;
}

export interface SeededCatalog {
  products: number;
  inactive: number;
  categories: number;
  users: number;
  reviews: number;
  /** Wall time of the whole seed, database creation and migrations included. */
  seconds: number;
  /** The newest active product (first on page 1). */
  newestProductId: string;
}

// Each table gets its own middle part of the ObjectId layout, so that ids never collide across tables.
const ID_MARKER = {
  categories: "be0c000001",
  media: "be0c000002",
  users: "be0c000003",
  products: "be0c000004",
};
const REVIEW_ID_MARKER = "be0c000005";
/** The 3-byte counter of an id limits a table to this many rows. */
const MAX_ROWS = 0xffffff;
/** Products are created this many seconds apart, newest first; shoppers likewise. */
const PRODUCT_SPACING_S = 420;
const USER_SPACING_S = 780;
/** Longest a seeding statement may run. */
const STATEMENT_TIMEOUT_MS = 120_000;

/** An id in the ObjectId layout from SQL expressions for its seconds and its counter. */
function idExpr(secondsExpr: string, marker: string, counterExpr: string): string {
  return `(lpad(to_hex((${secondsExpr})::bigint), 8, '0') || '${marker}' || lpad(to_hex((${counterExpr})::bigint), 6, '0'))`;
}

function jsId(seconds: number, marker: string, counter: number): string {
  return `${seconds.toString(16).padStart(8, "0")}${marker}${counter.toString(16).padStart(6, "0")}`;
}

/** Creates `shop_bench_*` afresh (dropping it first), migrates it and fills it; prints nothing. */
export async function seedCatalog(databaseUrl: string, options: SeedOptions): Promise<SeededCatalog> {
  assertLoopback(databaseUrl);
  const started = performance.now();
  await recreateDatabase(databaseUrl);
  // The server's statement timeout bounds each statement; the client's own timeout (made for the
  // API's requests) would cut a bulk statement short on a busy machine.
  const timeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const handle = await openDatabase({
    databaseUrl: withStatementTimeout(databaseUrl, timeoutMs),
    poolSize: 1,
    queryTimeoutMs: timeoutMs + 5_000,
  });
  try {
    await migrate(handle);
    const seeded = await fillCatalog(handle, options);
    return { ...seeded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

/** Fills a migrated PGlite folder the same way (the warm PGlite of the start benchmark). */
export async function seedPgliteCatalog(dataDir: string, options: SeedOptions): Promise<SeededCatalog> {
  const started = performance.now();
  const handle = await openDatabase({ dataDir });
  try {
    await migrate(handle);
    const seeded = await fillCatalog(handle, options);
    return { ...seeded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

/** Drops a bench database (only `shop_bench_*`); missing is fine. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  assertLoopback(databaseUrl);
  const name = benchDatabaseName(databaseUrl);
  const admin = await openDatabase({ databaseUrl: maintenanceUrl(databaseUrl), poolSize: 1 });
  try {
    // FORCE ends the connections of a server the bench failed to stop.
    await admin.db.execute(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.close();
  }
}

async function recreateDatabase(databaseUrl: string): Promise<void> {
  const name = benchDatabaseName(databaseUrl);
  await dropDatabase(databaseUrl);
  const admin = await openDatabase({ databaseUrl: maintenanceUrl(databaseUrl), poolSize: 1 });
  try {
    await admin.db.execute(`create database "${name}"`);
  } finally {
    await admin.close();
  }
}

function withStatementTimeout(databaseUrl: string, timeoutMs: number): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c statement_timeout=${timeoutMs}`);
  return url.toString();
}

/** Fills an empty, migrated catalogue; returns what it wrote. */
export async function fillCatalog(
  handle: DatabaseHandle,
  options: SeedOptions,
): Promise<Omit<SeededCatalog, "seconds">> {
  const { db } = handle;
  const active = options.products;
  const inactive = options.inactive ?? Math.max(3, Math.round(active * 0.005));
  const total = active + inactive;
  const users = options.users ?? Math.max(50, Math.round(active / 20));
  const variants = options.variants ?? DEFAULT_VARIANTS;
  if (total > MAX_ROWS || users > MAX_ROWS) throw new Error(`at most ${MAX_ROWS} products and users`);

  const now = Math.floor(Date.now() / 1000);
  const categoryRows = CATEGORIES.map((category, k) => ({
    ...category,
    id: jsId(now - 900 * 86_400, ID_MARKER.categories, k + 1),
    thumbnailId: jsId(now - 900 * 86_400, ID_MARKER.media, 2 * k + 1),
    secondId: jsId(now - 900 * 86_400, ID_MARKER.media, 2 * k + 2),
  }));

  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    options.onStep?.(name, (performance.now() - started) / 1000);
    return result;
  };
  // One transaction: a failed seed leaves an empty catalogue, never half of one.
  await db.transaction(async (tx) => {
    // NOTE: bulk loading as PostgreSQL's "Populating a Database" advises: the secondary indexes are
    // dropped and rebuilt from their own definitions (pg_get_indexdef, so they come back exactly as the
    // migrations made them), and the foreign-key triggers are off while loading; the references are
    // checked set-based afterwards instead of once per row.
    await tx.execute("set local session_replication_role = replica");
    await tx.execute(`set local maintenance_work_mem = '256MB'`);
    // Few, large statements: JIT compilation would cost more than it saves, and the vocabulary's
    // DISTINCT fits in memory.
    await tx.execute("set local jit = off");
    await tx.execute(`set local work_mem = '256MB'`);
    const indexes = await step("drop indexes", async () => [
      ...(await dropSecondaryIndexes(tx)),
      ...(await dropKeys(tx, KEYED_AFTER_LOAD)),
    ]);
    await step("categories", () => insertCategoriesAndMedia(tx, categoryRows, now));
    await step("users", () => insertUsers(tx, users, now));
    await step("products", () => insertProducts(tx, categoryRows, { active, inactive, now, variants }));
    // NOTE: the variants' insert triggers are off while loading, and on again as the migrations set
    // them. The one of migrations 0007 and 0014 derives each product's price, sale, stock and options
    // from its variants, and locks every product to do so: the seed gives the products those very
    // figures (checked below, set-based). The stock movements' one writes each variant's "initial"
    // movement a row at a time (a sixth of the million's seed); they are written in one statement, as
    // are the variants without stock that migration 0063's insert trigger adds to their table.
    await step("variants", async () => {
      for (const trigger of VARIANT_INSERT_TRIGGERS)
        await tx.execute(`alter table product_variants disable trigger ${trigger}`);
      await insertVariants(tx, variants);
      for (const trigger of VARIANT_INSERT_TRIGGERS)
        await tx.execute(`alter table product_variants enable always trigger ${trigger}`);
    });
    await step("stock movements", () => insertInitialMovements(tx));
    await step("out of stock", () => insertOutOfStock(tx));
    await step("galleries", () => insertGalleries(tx, categoryRows));
    await step("reviews", () => insertReviews(tx, { total, users, now }));
    await step("search words", () => fillSearchWords(tx));
    await step("rebuild indexes", async () => {
      for (const definition of indexes) await tx.execute(definition);
    });
    await step("check references", () => checkReferences(tx));
    await step("check derived figures", () => checkDerivedFigures(tx, variants));
  });
  await step("vacuum analyze", () => db.execute("vacuum (analyze)"));

  const [counts] = (
    await db.execute<{ reviews: number; newest: string }>(
      `select (select count(*)::int from reviews) as reviews,
        (select id from products where is_active order by created_at desc, id desc limit 1) as newest`,
    )
  ).rows;
  if (!counts) throw new Error("seed: the counts query returned nothing");
  return {
    products: active,
    inactive,
    categories: CATEGORIES.length,
    users,
    reviews: counts.reviews,
    newestProductId: counts.newest,
  };
}

/** The seeding statements run inside the fill's transaction. */
type Db = Database | Transaction;

/** Tables the bulk load writes many rows into. */
const BULK_TABLES = [
  "products",
  "product_variants",
  "product_gallery",
  "reviews",
  "search_words",
  "stock_movements",
] as const;

/** The variants' row triggers that the load does the work of, set-based (both `enable always`). */
const VARIANT_INSERT_TRIGGERS = [
  "product_variants_derive_insert",
  "product_variants_stock_movement",
  "product_variants_out_of_stock_insert",
] as const;

/**
 * Drops the indexes of these tables (the catalogue's bulk tables by default) that back no
 * constraint (primary keys and unique constraints stay); returns their definitions, in order, to
 * create them again exactly as the migrations made them.
 */
export async function dropSecondaryIndexes(
  db: Db,
  tables: readonly string[] = BULK_TABLES,
): Promise<string[]> {
  const { rows } = await db.execute<{ name: string; definition: string }>(`
    select quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${tables.map(literal).join(", ")})
      and not i.indisunique
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)
    order by ic.relname`);
  for (const { name } of rows) await db.execute(`drop index ${name}`);
  return rows.map((row) => row.definition);
}

/**
 * Tables whose primary key is built after the load, in one sorted pass: the products' words (about
 * twenty rows a product, written by the products' insert trigger) grow a key of random inserts
 * otherwise, the largest cost of a big catalogue's products step.
 */
const KEYED_AFTER_LOAD = ["product_words"] as const;

/**
 * Drops the primary keys and unique constraints of these tables (none is referenced by a foreign
 * key); returns the statements that add them again exactly (pg_get_constraintdef), under their names.
 */
async function dropKeys(db: Db, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.execute<{ table: string; name: string; definition: string }>(`
    select quote_ident(t.relname) as table, quote_ident(c.conname) as name,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${tables.map(literal).join(", ")})
      and c.contype in ('p', 'u')
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = c.conrelid)
    order by t.relname, c.conname`);
  for (const { table, name } of rows) await db.execute(`alter table ${table} drop constraint ${name}`);
  return rows.map(
    ({ table, name, definition }) => `alter table ${table} add constraint ${name} ${definition}`,
  );
}

/** Every reference the foreign keys would have checked while loading, checked at once. */
async function checkReferences(db: Db) {
  const missing = (table: string, column: string, target: string) =>
    `(select count(*) from ${table} x where x.${column} is not null and not exists (select 1 from ${target} y where y.id = x.${column}))`;
  const { rows } = await db.execute<{ broken: number }>(`
    select (${[
      missing("products", "category_id", "categories"),
      missing("products", "thumbnail_id", "media"),
      missing("product_variants", "product_id", "products"),
      missing("product_gallery", "product_id", "products"),
      missing("product_gallery", "media_id", "media"),
      missing("reviews", "product_id", "products"),
      missing("reviews", "user_id", "users"),
    ].join(" + ")})::int as broken`);
  const broken = rows[0]?.broken ?? 0;
  if (broken > 0) throw new Error(`seed: ${broken} rows reference nothing`);
}

/**
 * The figures a product derives from its variants (price, sale, stock, the variants' options and
 * their pairs: the variants' insert trigger of migrations 0007 and 0014, off while loading) are the
 * ones the products insert gave it: every variant carries its product's prices, active, the options
 * of its position, and their stock adds up to the product's. Checked set-based, which proves the
 * trigger would have changed nothing.
 */
async function checkDerivedFigures(db: Db, variants: VariantCount) {
  const derived = derivedOptions(variants);
  const { rows } = await db.execute<{ off: number }>(`
    select (
      (select count(*) from (
        select v.product_id from product_variants v
        join products p on p.id = v.product_id
        left join ${variantRows(variants)} on c.k = v.position
        group by v.product_id, p.stock
        having sum(v.stock) <> p.stock or count(*) <> ${integer(variants)}
          or bool_or(not v.is_active or v.removed_at is not null or c.options is distinct from v.options
            or (v.price, v.on_sale, v.sale_price) is distinct from (p.price, p.on_sale, p.sale_price))
      ) as x)
      + (select count(*) from products p
        where p.variant_options is distinct from ${derived.variantOptions}
          or p.option_pairs is distinct from ${derived.optionPairs})
    )::int as off`);
  const off = rows[0]?.off ?? 0;
  if (off > 0) throw new Error(`seed: ${off} products' figures differ from their variants'`);
}

interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  nouns: readonly string[];
  materials: readonly string[];
  thumbnailId: string;
  secondId: string;
}

async function insertCategoriesAndMedia(db: Db, rows: CategoryRow[], now: number) {
  const created = `to_timestamp(${integer(now - 900 * 86_400)})`;
  const categoryValues = rows.map((c) => `(${literal(c.id)}, ${literal(c.name)}, ${literal(c.slug)})`);
  await db.execute(`
    insert into categories (id, name, slug, created_at, updated_at)
    select id, name, slug, ${created}, ${created} from (values ${categoryValues.join(", ")}) v(id, name, slug)`);
  // Pictures are never fetched by the API benchmarks; the rows give every product a thumbnail and a gallery.
  const mediaValues = rows.flatMap((c) =>
    [c.thumbnailId, c.secondId].map((id, n) => `(${literal(id)}, ${literal(`${c.slug}-${n + 1}.webp`)})`),
  );
  await db.execute(`
    insert into media (id, name, storage_key, url, width, height, widths, created_at)
    select id, name, 'images/' || id, '/media/images/' || id || '/1200.webp', 1200, 1200,
      '{320,640,1200}'::integer[], ${created}
    from (values ${mediaValues.join(", ")}) v(id, name)`);
}

function userIdExpr(n: string, now: number): string {
  return idExpr(`${integer(now)} - 86400 - (${n}) * ${USER_SPACING_S}`, ID_MARKER.users, n);
}

async function insertUsers(db: Db, users: number, now: number) {
  // One real argon2id hash shared by every bench account: sign-in benchmarks can use any of them.
  const passwordHash = literal(await hashPassword(BENCH_PASSWORD));
  const created = (n: string) => `to_timestamp(${integer(now)} - 86400 - (${n}) * ${USER_SPACING_S})`;
  await db.execute(`
    insert into users (id, first_name, last_name, email, password_hash, role, status, created_at, updated_at)
    select ${userIdExpr("g.i", now)},
      (${textArray(FIRST_NAMES)})[1 + ${hash("g.i", 11)} % ${FIRST_NAMES.length}],
      (${textArray(LAST_NAMES)})[1 + ${hash("g.i", 12)} % ${LAST_NAMES.length}],
      'bench.shopper.' || g.i || '@example.com', ${passwordHash}, 'customer', true, ${created("g.i")}, ${created("g.i")}
    from generate_series(1, ${integer(users)}) g(i)`);
  await db.execute(`
    insert into users (id, first_name, last_name, email, password_hash, role, status)
    values (${userIdExpr("0", now)}, 'Bench', 'Admin', ${literal(BENCH_ADMIN_EMAIL)}, ${passwordHash}, 'admin', true)`);
}

/** Seconds since the epoch at which product i (1 = newest) was created. */
function productSecondsExpr(i: string, now: number): string {
  return `(${integer(now)} - (${i}) * ${PRODUCT_SPACING_S})`;
}

function productIdExpr(i: string, now: number): string {
  return idExpr(productSecondsExpr(i, now), ID_MARKER.products, i);
}

/** How many reviews product i has (0 to 5, none for 40% of products). */
function reviewCountExpr(i: string): string {
  return `(case when ${hash(i, 41)} % 10 < 4 then 0 else ${hash(i, 41)} / 10 % 5 + 1 end)`;
}

/** The rating of review j of product i, skewed towards 4 and 5 stars as real reviews are. */
function ratingExpr(i: string, j: string): string {
  const h = hash(`(${i}) * 8 + (${j})`, 43);
  return `(case when ${h} % 100 < 45 then 5 when ${h} % 100 < 75 then 4 when ${h} % 100 < 88 then 3 when ${h} % 100 < 95 then 2 else 1 end)`;
}

async function insertProducts(
  db: Database,
  categoryRows: CategoryRow[],
  {
    active,
    inactive,
    now,
    variants,
  }: { active: number; inactive: number; now: number; variants: VariantCount },
) {
  const total = active + inactive;
  const derived = derivedOptions(variants);
  // Inactive products are spread through the catalogue: rows K, 2K, ... MK.
  const spacing = inactive > 0 ? Math.floor(total / inactive) : 0;
  const isActive =
    inactive > 0
      ? `not (g.i % ${integer(spacing)} = 0 and g.i / ${integer(spacing)} <= ${integer(inactive)})`
      : "true";
  const vocab = categoryRows.map(
    (c, k) =>
      `(${k}, ${literal(c.id)}, ${literal(c.name)}, ${textArray(c.nouns)}, ${textArray(c.materials)}, ${literal(c.thumbnailId)})`,
  );
  const pick = (list: readonly string[], salt: number) =>
    `(${textArray(list)})[1 + ${hash("g.i", salt)} % ${list.length}]`;
  // The search document is the shop's own (modules/products/search.ts), over the generated columns.
  const searchVector = sqlText(
    searchDocumentOf({
      name: sql.raw("n.name"),
      categoryName: sql.raw("n.category_name"),
      description: sql.raw("n.description"),
    }),
  );
  await db.execute(`
    with vocab (k, category_id, category_name, nouns, materials, thumbnail_id) as (values ${vocab.join(", ")}),
    picks as (
      select g.i, v.category_id, v.category_name, v.thumbnail_id,
        ${pick(BRANDS, 1)} as brand,
        ${pick(ADJECTIVES, 2)} as adjective,
        v.materials[1 + ${hash("g.i", 3)} % array_length(v.materials, 1)] as material,
        v.nouns[1 + ${hash("g.i", 4)} % array_length(v.nouns, 1)] as noun,
        ${pick(COLOURS, 5)} as colour,
        ${pick(FEATURES, 6)} as feature,
        ${pick(OCCASIONS, 7)} as occasion,
        ${pick(CARE, 8)} as care,
        chr(65 + ${hash("g.i", 9)} % 26) || chr(65 + ${hash("g.i", 10)} % 26) || lpad((${hash("g.i", 13)} % 10000)::text, 4, '0') as style,
        9 + ${hash("g.i", 14)} % 490 + 0.99 as price,
        ${hash("g.i", 15)} % 100 < 15 as on_sale,
        0.60 + (${hash("g.i", 16)} % 30) / 100.0 as sale_factor,
        ${hash("g.i", 17)} % 100 as stock_pick,
        ${hash("g.i", 18)} as h,
        ${isActive} as is_active,
        to_timestamp(${productSecondsExpr("g.i", now)}) as created_at
      from generate_series(1, ${integer(total)}) g(i)
      join vocab v on v.k = ${hash("g.i", 0)} % ${categoryRows.length}
    ),
    named as (
      select picks.*,
        brand || ' ' || adjective || ' ' || material || ' ' || noun || ' – ' || colour as name,
        adjective || ' ' || lower(material) || ' ' || lower(noun) || ' in ' || lower(colour) || ', ' || feature
          || '. ' || occasion || '. ' || care || ' Style ' || style || '.' as description
      from picks
    )
    insert into products (id, name, description, price, on_sale, sale_price, stock, is_active, category_id,
      thumbnail_id, rating_average, rating_count, sold_count, search_vector, options, variant_options, option_pairs,
      created_at, updated_at)
    select ${productIdExpr("n.i", now)}, n.name, n.description, n.price, n.on_sale,
      case when n.on_sale then round(n.price * n.sale_factor, 2) else 0 end,
      case when n.stock_pick < 3 then 0 when n.stock_pick < 13 then 1 + n.h % 10 else 11 + n.h % 190 end,
      n.is_active, n.category_id, n.thumbnail_id,
      coalesce((select round(avg(${ratingExpr("n.i", "j")}), 2) from generate_series(1, ${reviewCountExpr("n.i")}) j), 0),
      ${reviewCountExpr("n.i")},
      (n.h % 1000) * (n.h / 1000 % 1000) / 2000,
      ${searchVector},
      ${literal(JSON.stringify(benchOptions(variants)))}::jsonb,
      ${derived.variantOptions}, ${derived.optionPairs},
      n.created_at, n.created_at
    from named n`);
}

/** Every bench product comes in three sizes and two colours: six variants. */
const SIX_VARIANTS = [
  { name: "Size", values: ["S", "M", "L"] },
  { name: "Colour", values: ["Black", "Blue"] },
] as const;

/** How many variants each product has: six (Size x Colour), three (Size alone) or one (no options). */
export type VariantCount = 1 | 3 | 6;

/**
 * BENCH_VARIANTS=1 seeds every product as one item without options (its single default variant),
 * so that the cost of variants can be measured on the same code, side by side.
 */
export const DEFAULT_VARIANTS: VariantCount = process.env.BENCH_VARIANTS === "1" ? 1 : 6;

/** The options of every product with this many variants. */
function benchOptions(variants: VariantCount) {
  return variants === 6 ? SIX_VARIANTS : variants === 3 ? [SIX_VARIANTS[0]] : [];
}

/**
 * Every product's variants as SQL rows `c(k, suffix, options)`: the position, what the SKU adds to
 * the product's id ("-S-BLACK"; nothing for a single variant) and the option values, in the order
 * the product form makes them (sizes, then colours within a size).
 */
function variantRows(variants: VariantCount): string {
  const [sizes, colours] = SIX_VARIANTS;
  const combinations: Record<string, string>[] =
    variants === 6
      ? sizes.values.flatMap((size) =>
          colours.values.map((colour) => ({ [sizes.name]: size, [colours.name]: colour })),
        )
      : variants === 3
        ? sizes.values.map((size) => ({ [sizes.name]: size }))
        : [{}];
  const rows = combinations.map((options, k) => {
    const suffix = Object.values(options)
      .map((value, n) => `-${n === 0 ? value : value.toUpperCase()}`)
      .join("");
    return `(${integer(k)}, ${literal(suffix)}, ${literal(JSON.stringify(options))}::jsonb)`;
  });
  return `(values ${rows.join(", ")}) as c(k, suffix, options)`;
}

/**
 * What the variants' trigger (migrations 0007 and 0014) derives for each product from variants with
 * these options: their options in order, and the distinct option pairs sorted as that trigger sorts
 * them (the same SQL functions); two SQL expressions, each evaluated once.
 */
function derivedOptions(variants: VariantCount): { variantOptions: string; optionPairs: string } {
  return {
    variantOptions: `(select jsonb_agg(c.options order by c.k) from ${variantRows(variants)})`,
    optionPairs: `(select coalesce(array_agg(distinct option_pair(kv.key, kv.value)), '{}'::text[])
      from ${variantRows(variants)} cross join jsonb_each_text(c.options) as kv)`,
  };
}

/**
 * The variants of every product (Size S/M/L x Colour Black/Blue, the sizes alone, or one without
 * options), each at the product's price and sale price, its stock shared out among them (the first
 * ones get the remainder), so that the product's derived figures are what the products insert gave
 * it. SKU: the product's id and values.
 */
async function insertVariants(db: Db, variants: VariantCount) {
  await db.execute(`
    insert into product_variants (id, product_id, sku, options, price, on_sale, sale_price, stock, is_active,
      position, created_at)
    select substr(p.id, 1, 8) || substr(md5(p.id || ':variant:' || c.k), 1, 16), p.id, p.id || c.suffix,
      c.options, p.price, p.on_sale, p.sale_price,
      p.stock / ${integer(variants)} + case when c.k < p.stock % ${integer(variants)} then 1 else 0 end,
      true, c.k, p.created_at
    from products p
    cross join ${variantRows(variants)}`);
}

/**
 * Each variant's first stock movement, as product_variants_stock_movement() writes it for a new
 * variant (migrations 0026 and 0037): its stock as the change and the stock after, cause "initial", none for
 * a variant without stock, and no actor (the seed sets none).
 */
async function insertInitialMovements(db: Db) {
  await db.execute(`
    insert into stock_movements (variant_id, product_id, change, stock_after, cause)
    select id, product_id, stock, stock, 'initial' from product_variants where stock <> 0`);
}

/** The variants without stock, as product_variants_out_of_stock_insert() adds a new one (migration 0063). */
async function insertOutOfStock(db: Db) {
  await db.execute(`
    insert into variants_out_of_stock (variant_id)
    select id from product_variants where stock = 0 and removed_at is null`);
}

async function insertGalleries(db: Db, categoryRows: CategoryRow[]) {
  const values = categoryRows.map(
    (c) => `(${literal(c.id)}, ${literal(c.thumbnailId)}, ${literal(c.secondId)})`,
  );
  await db.execute(`
    insert into product_gallery (product_id, media_id, position)
    select p.id, m.media_id, m.position
    from products p
    join (values ${values.join(", ")}) v(category_id, first_id, second_id) on v.category_id = p.category_id
    cross join lateral (values (v.first_id, 0), (v.second_id, 1)) m(media_id, position)`);
}

async function insertReviews(db: Db, { total, users, now }: { total: number; users: number; now: number }) {
  // Review j of product i is by shopper ((i * 7919 + j * step) mod users) + 1: distinct for j = 1..5.
  const step = Math.floor(users / 5) + 1;
  const titles = `array[${REVIEW_TITLES.map((row) => textArray(row).replace("::text[]", "")).join(", ")}]::text[]`;
  const comments = `array[${REVIEW_COMMENTS.map((row) => textArray(row).replace("::text[]", "")).join(", ")}]::text[]`;
  const seconds = `${integer(now)} - g.i::bigint * ${PRODUCT_SPACING_S} * (6 - j) / 6`;
  const created = `to_timestamp(${seconds})`;
  await db.execute(`
    insert into reviews (id, product_id, user_id, title, rating, comment, created_at, updated_at)
    select ${idExpr(seconds, REVIEW_ID_MARKER, "g.i * 8 + j")},
      ${productIdExpr("g.i", now)},
      ${userIdExpr(`(g.i::bigint * 7919 + j * ${integer(step)}) % ${integer(users)} + 1`, now)},
      (${titles})[6 - r.rating][1 + ${hash("g.i * 8 + j", 44)} % ${REVIEW_TITLES[0].length}],
      r.rating,
      (${comments})[6 - r.rating][1 + ${hash("g.i * 8 + j", 45)} % ${REVIEW_COMMENTS[0].length}],
      ${created}, ${created}
    from generate_series(1, ${integer(total)}) g(i)
    cross join lateral generate_series(1, ${reviewCountExpr("g.i")}) j
    cross join lateral (select ${ratingExpr("g.i", "j")} as rating) r`);
}

/** The search vocabulary of every product, as the shop adds a product's words when it writes one. */
async function fillSearchWords(db: Database) {
  const words = searchWordsOf(sql`p.name || ' ' || c.name || ' ' || p.description`);
  // The words made distinct before the insert: one key probe per word rather than per product's word.
  await db.execute(sql`
    insert into search_words (word)
    select distinct s.w from products as p join categories as c on c.id = p.category_id,
      lateral (${words}) as s
    on conflict do nothing`);
}

/** The text of a statement built with drizzle's sql`` that carries no parameters. */
function sqlText(statement: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  if (params.length > 0) throw new Error("a bench statement must carry no parameters");
  return text;
}
