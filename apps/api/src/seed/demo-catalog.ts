/**
 * The demo catalogue: categories, products with generated pictures, a few
 * reviewer accounts and their reviews, and about 60 days of their orders (demo-orders.ts).
 * Seeded in demo mode into an empty catalogue only.
 */

import { randomBytes } from "node:crypto";
import { demoSeed } from "@shop/shared/messages";
import { slugify } from "@shop/shared/slug";
import { count, sql } from "drizzle-orm";
import { DEMO_ACCOUNTS } from "#api/config";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import type { Media } from "#api/db/schema/media";
import type { NewReview } from "#api/db/schema/reviews";
import { hashPassword } from "#api/modules/auth/password";
import { insertCategory } from "#api/modules/categories/repo";
import { ingestImage } from "#api/modules/media/service";
import { hasAnyProduct } from "#api/modules/products/repo-reads";
import { foldSoldCounts } from "#api/modules/products/repo-sold";
import { insertProduct, replaceGallery, type VariantValues } from "#api/modules/products/repo-writes";
import { insertReviews, recomputeRatings } from "#api/modules/reviews/repo";
import { findUserByEmail, insertUser } from "#api/modules/users/repo";
import type { MediaStorage } from "#api/storage/storage";
import {
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  DEMO_REVIEW_TEXTS,
  DEMO_REVIEWERS,
  DEMO_SIZES,
  type DemoProduct,
} from "./demo-catalog-data";
import { type DemoShopTerms, SPEC_SHOP_TERMS, seedDemoOrders } from "./demo-orders";
import { PICTURE_VIEWS, type PictureView, renderPicture } from "./demo-pictures";

/** Serialises seeding between API instances that start together on one PostgreSQL. */
const SEED_LOCK_KEY = 7_214_190_312;
/** Pictures rendered and ingested at once (sharp uses its own threads underneath). */
const PICTURE_CONCURRENCY = 4;
const HOUR_MS = 60 * 60 * 1000;

/** A small seeded PRNG (mulberry32): the same demo data on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function ensureReviewers(db: Database): Promise<string[]> {
  // NOTE: reviewer accounts get a random password nobody knows; they exist to sign reviews.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const ids: string[] = [];
  for (const reviewer of DEMO_REVIEWERS) {
    const existing = await findUserByEmail(db, reviewer.email);
    ids.push(existing?.id ?? (await insertUser(db, { ...reviewer, passwordHash, role: "customer" })).id);
  }
  const shopper = await findUserByEmail(db, DEMO_ACCOUNTS.shopper.email);
  if (shopper) ids.push(shopper.id);
  return ids;
}

function pickRating(next: () => number): number {
  const r = next();
  if (r < 0.4) return 5;
  if (r < 0.75) return 4;
  if (r < 0.88) return 3;
  if (r < 0.96) return 2;
  return 1;
}

function reviewsFor(
  productId: string,
  createdAt: Date,
  reviewerIds: readonly string[],
  now: Date,
  next: () => number,
): NewReview[] {
  const howMany = Math.floor(next() * (reviewerIds.length + 1));
  const start = Math.floor(next() * reviewerIds.length);
  return Array.from({ length: howMany }, (_, i) => {
    const rating = pickRating(next);
    const texts = DEMO_REVIEW_TEXTS[rating] ?? [];
    const text = texts[Math.floor(next() * texts.length)] ?? { title: "Good product", comment: "" };
    const age = now.getTime() - createdAt.getTime();
    return {
      productId,
      userId: reviewerIds[(start + i) % reviewerIds.length] as string,
      rating,
      title: text.title,
      comment: text.comment,
      createdAt: new Date(createdAt.getTime() + Math.floor(next() * age)),
    };
  });
}

/**
 * The views of a product its gallery shows after the front: none, the back, or the back and a
 * close-up, in turn. NOTE: every picture is rendered and ingested at seed time, in every width:
 * three quarters of a view per product on average keeps a demo start quick.
 */
function extraViews(index: number): PictureView[] {
  const count = index % 4 === 3 ? 2 : index % 2;
  return PICTURE_VIEWS.slice(1, 1 + count);
}

/** A product's options: Size (and Colour), or none. */
export function demoOptions(product: DemoProduct): { name: string; values: string[] }[] {
  if (!product.sizes) return [];
  const size = { name: "Size", values: [...DEMO_SIZES[product.sizes]] };
  return product.colours ? [size, { name: "Colour", values: [...product.colours] }] : [size];
}

/**
 * A product's variants: one per size (and colour), each with its SKU, price and stock; undefined
 * for a product without options (it gets its one default variant).
 */
export function demoVariants(product: DemoProduct): VariantValues[] | undefined {
  if (!product.sizes) return undefined;
  const colours: readonly (string | undefined)[] = product.colours ?? [undefined];
  return DEMO_SIZES[product.sizes].flatMap((size) =>
    colours.map((colour) => {
      const surcharge = product.surchargeBySize?.[size] ?? 0;
      const options: Record<string, string> =
        colour === undefined ? { Size: size } : { Size: size, Colour: colour };
      return {
        sku: slugify([product.name, size, colour].filter(Boolean).join(" ")).toUpperCase(),
        options,
        price: product.price + surcharge,
        onSale: product.salePrice !== undefined,
        salePrice: product.salePrice === undefined ? 0 : product.salePrice + surcharge,
        stock: product.stockBySize?.[size] ?? product.stock,
        isActive: true,
      };
    }),
  );
}

/**
 * Seeds the demo catalogue when there is no category and no product yet; returns whether it did.
 * Everything but the picture files is one transaction: a failed seed leaves no half catalogue. The
 * orders are priced with `terms`, the shop's settings (SPEC's when left out).
 */
export async function seedDemoCatalog(
  db: Database,
  storage: MediaStorage,
  {
    now = new Date(),
    terms = SPEC_SHOP_TERMS,
    progress,
  }: {
    now?: Date;
    terms?: DemoShopTerms;
    /** Told what the seed does as it goes (the server logs it: a first start takes a while). */
    progress?: (message: string) => void;
  } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [categoryCount] = await tx.select({ total: count() }).from(categories);
    if ((categoryCount?.total ?? 0) > 0 || (await hasAnyProduct(tx))) return false;

    const started = Date.now();
    progress?.(demoSeed.start(DEMO_PRODUCTS.length));
    const categoryBySlug = new Map<string, { id: string; name: string }>();
    for (const category of DEMO_CATEGORIES) {
      categoryBySlug.set(category.slug, await insertCategory(tx, category));
    }

    // Each product's own pictures: its front (the thumbnail, first in the gallery) and 0 to 2 other views.
    const views = DEMO_PRODUCTS.flatMap((product, index) =>
      (["front", ...extraViews(index)] as const).map((view) => ({ product, index, view })),
    );
    const rendered = await mapLimit(views, PICTURE_CONCURRENCY, async ({ product, view }) =>
      ingestImage(tx, null, storage, {
        buffer: await renderPicture(product.kind, product.colour, view),
        filename: `${slugify(product.name)}${view === "front" ? "" : `-${view}`}.png`,
        uploadedBy: null,
      }),
    );
    progress?.(demoSeed.pictures(rendered.length));
    const galleries: Media[][] = DEMO_PRODUCTS.map(() => []);
    for (const [i, { index }] of views.entries()) {
      const picture = rendered[i];
      if (picture) galleries[index]?.push(picture);
    }

    const next = random(20_240_601);
    const reviewerIds = await ensureReviewers(tx);
    const reviews: NewReview[] = [];
    const productIds: string[] = [];
    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const category = categoryBySlug.get(product.category);
      const gallery = galleries[index] ?? [];
      const picture = gallery[0];
      if (!category || !picture) throw new Error(`demo seed: no category or picture for ${product.name}`);
      // Spread over the last 60 days, so that "newest" and the review dates look lived-in.
      const createdAt = new Date(now.getTime() - Math.floor(next() * 60 * 24) * HOUR_MS);
      const id = await insertProduct(
        tx,
        {
          name: product.name,
          description: product.description,
          options: demoOptions(product),
          price: product.price,
          onSale: product.salePrice !== undefined,
          salePrice: product.salePrice ?? 0,
          stock: product.stock,
          isActive: !product.inactive,
          categoryId: category.id,
          thumbnailId: picture.id,
          ...(product.hsnCode ? { hsnCode: product.hsnCode } : {}),
          soldCount: product.soldCount,
          createdAt,
        },
        { name: product.name, categoryName: category.name, description: product.description },
        demoVariants(product),
      );
      await replaceGallery(
        tx,
        id,
        gallery.map((media) => media.id),
      );
      productIds.push(id);
      if (!product.inactive) reviews.push(...reviewsFor(id, createdAt, reviewerIds, now, next));
    }
    await insertReviews(tx, reviews);
    await recomputeRatings(tx, productIds);
    progress?.(demoSeed.products(productIds.length));
    await seedDemoOrders(
      tx,
      DEMO_PRODUCTS.map((product, index) => ({
        id: productIds[index] as string,
        name: product.name,
        isActive: !product.inactive,
      })),
      { now, next, terms, progress },
    );
    // The demo orders' units sold, in the best-seller counts at once rather than at the next fold.
    await foldSoldCounts(tx);
    progress?.(demoSeed.done((Date.now() - started) / 1000));
    return true;
  });
}
