/** What the server says about each storefront page: its head, the sitemap and robots.txt. */
import { DEFAULT_PAGE_SIZE } from "@shop/shared/constants";
import { CARD_IMAGE_SIZES, PRODUCT_IMAGE_SIZES } from "@shop/shared/images";
import { api } from "@shop/shared/messages";
import { fromCents, unitPriceCents } from "@shop/shared/pricing";
import type { Viewer } from "@shop/shared/roles";
import type { ProductDto, VariantDto } from "@shop/shared/schemas/product";
import {
  categoryDescription,
  DEFAULT_PAGE_SETTINGS,
  type PageSettings,
  pageTitle,
  SHOP_DESCRIPTION,
  STATIC_PAGE_PATHS,
  type StaticPagePath,
  staticPageHeads,
} from "@shop/shared/site";
import { variantLabel } from "@shop/shared/variants";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { getCategory } from "#api/modules/categories/service";
import type { ProductDetailDto } from "#api/modules/products/dto";
import {
  getProduct,
  listCategoryProducts,
  listProducts,
  type ProductList,
} from "#api/modules/products/service";
import { latestReviews } from "#api/modules/reviews/service";
import type { PageHead } from "./head";
import {
  catalogueMark,
  categoriesLastModified,
  listSitemapCategories,
  listSitemapProductFiles,
  listSitemapProductRange,
  SITEMAP_FILE_URLS,
} from "./repo";

/**
 * What the home page's first render asks the API for, exactly as apps/web asks (home-page.tsx):
 * sent as preloads, the answers arrive while the page's code still loads.
 */
const HOME_PRELOAD = [
  `/api/products/on-sale?page=1&size=${DEFAULT_PAGE_SIZE}`,
  `/api/products?page=1&size=${DEFAULT_PAGE_SIZE}&sort=best-selling`,
];

/** Pages that are nobody's business but the signed-in user's. */
const PRIVATE_PREFIXES = ["/account", "/auth", "/dashboard"];

function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function offer(
  priced: Pick<VariantDto, "price" | "onSale" | "salePrice" | "stock">,
  url: string,
  currency: string,
): Record<string, unknown> {
  return {
    "@type": "Offer",
    url,
    priceCurrency: currency,
    price: fromCents(unitPriceCents(priced)).toFixed(2),
    availability: priced.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  };
}

/** The schema.org properties of the options search engines know by name; others are listed as named values. */
const KNOWN_OPTIONS: Record<string, "size" | "color"> = { size: "size", colour: "color", color: "color" };

/** One variant of a ProductGroup: its own name, SKU, option values and offer. */
function variantJsonLd(
  product: ProductDetailDto,
  variant: VariantDto,
  url: string,
  currency: string,
): Record<string, unknown> {
  const known: Record<string, string> = {};
  const other: { "@type": "PropertyValue"; name: string; value: string }[] = [];
  for (const option of product.options) {
    const value = variant.options[option.name];
    if (value === undefined) continue;
    const property = KNOWN_OPTIONS[option.name.toLowerCase()];
    if (property) known[property] = value;
    else other.push({ "@type": "PropertyValue", name: option.name, value });
  }
  return {
    "@type": "Product",
    name: variantLabel(product.name, product.options, variant.options),
    sku: variant.sku,
    ...known,
    ...(other.length > 0 ? { additionalProperty: other } : {}),
    offers: offer(variant, `${url}?variant=${variant._id}`, currency),
  };
}

/**
 * The product's schema.org data: a Product with one offer, or, for a product with options, a
 * ProductGroup whose active variants are its products (`hasVariant`), each with its own offer.
 */
function productJsonLd(
  product: ProductDetailDto,
  { url, origin, currency }: { url: string; origin: string; currency: string },
): Record<string, unknown> {
  const common = {
    name: product.name,
    description: shorten(product.description, 500),
    category: product.category.name,
    ...(product.thumbnail ? { image: [origin + product.thumbnail.url] } : {}),
  };
  const described =
    product.options.length > 0
      ? {
          "@type": "ProductGroup",
          ...common,
          url,
          productGroupID: product._id,
          variesBy: product.options.map((option) => {
            const property = KNOWN_OPTIONS[option.name.toLowerCase()];
            return property ? `https://schema.org/${property}` : option.name;
          }),
          hasVariant: product.variants
            .filter((variant) => variant.isActive)
            .map((variant) => variantJsonLd(product, variant, url, currency)),
        }
      : { "@type": "Product", ...common, sku: product._id, offers: offer(product, url, currency) };
  return {
    "@context": "https://schema.org",
    ...described,
    ...(product.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** A product as its page shows it: details and gallery, and its latest reviews. */
export async function getProductPage(db: Database, id: string, viewer: Viewer): Promise<ProductDto> {
  const product = await getProduct(db, id, viewer);
  return { ...product, reviews: await latestReviews(db, id) };
}

/**
 * The head of a storefront path, named with the shop's name and carrying the settings the page
 * needs from its first paint; unknown products and categories get a generic, unindexed head.
 */
export async function headForPath(
  db: Database,
  pathname: string,
  origin: string,
  { search = "", settings = DEFAULT_PAGE_SETTINGS }: { search?: string; settings?: PageSettings } = {},
): Promise<PageHead> {
  const head = await pageHead(db, pathname, origin, search, settings);
  return { ...head, settings };
}

async function pageHead(
  db: Database,
  pathname: string,
  origin: string,
  search: string,
  settings: PageSettings,
): Promise<PageHead> {
  const canonical = origin + pathname;
  const shopName = settings.store.name;
  const generic = { title: shopName, description: SHOP_DESCRIPTION, noindex: true };
  if (PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    return generic;
  }
  if (isStaticPath(pathname)) {
    const fixed = staticPageHeads(shopName)[pathname];
    return {
      ...fixed,
      canonical,
      ...(pathname === "/"
        ? {
            preload: HOME_PRELOAD,
            // The first section is the products on sale (home-page.tsx).
            ...firstCardImage(await listProducts(db, { isActive: true, onSale: true }, FIRST_PAGE)),
          }
        : {}),
      ...(pathname === "/search" ? { page: "search" as const } : {}),
    };
  }

  try {
    const productMatch = /^\/product\/([0-9a-f]{24})$/.exec(pathname);
    if (productMatch?.[1]) {
      const product = await getProduct(db, productMatch[1], null);
      const firstPicture = product.thumbnail ?? product.gallery[0];
      return {
        title: pageTitle(product.name, shopName),
        description: shorten(product.description),
        canonical,
        type: "product",
        image: product.thumbnail ? origin + product.thumbnail.url : undefined,
        jsonLd: productJsonLd(product, { url: canonical, origin, currency: settings.currency.code }),
        preload: [`/api/products/${product._id}`],
        page: "product",
        // The gallery's first picture (product-gallery.tsx): the thumbnail, else the first of the gallery.
        ...(firstPicture ? { firstImage: { media: firstPicture, sizes: PRODUCT_IMAGE_SIZES } } : {}),
      };
    }
    const categoryMatch = /^\/product-category\/([a-z0-9-]{1,80})$/.exec(pathname);
    if (categoryMatch?.[1]) {
      const category = await getCategory(db, { slug: categoryMatch[1] });
      const api = `/api/categories/slug/${category.slug}`;
      return {
        title: pageTitle(category.name, shopName),
        description: categoryDescription(category, shopName),
        canonical,
        page: "category",
        // The first page of products, unless the address asks for another one.
        ...(search
          ? { preload: [api] }
          : {
              preload: [api, `${api}/products?page=1&size=${DEFAULT_PAGE_SIZE}`],
              ...firstCardImage(await listCategoryProducts(db, { id: category._id }, undefined, FIRST_PAGE)),
            }),
      };
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return generic;
}

/** The first page of a product list, as the home and category pages ask for it. */
const FIRST_PAGE = { page: 1, size: DEFAULT_PAGE_SIZE };

/**
 * The picture of a grid's first card, the page's largest on a phone, fetched with the page rather
 * than once the app has drawn the grid: as the card draws it (product-card.tsx).
 */
function firstCardImage(list: ProductList): Pick<PageHead, "firstImage"> {
  const thumbnail = list.items[0]?.thumbnail;
  return thumbnail ? { firstImage: { media: thumbnail, sizes: CARD_IMAGE_SIZES } } : {};
}

function isStaticPath(pathname: string): pathname is StaticPagePath {
  return (STATIC_PAGE_PATHS as readonly string[]).includes(pathname);
}

function xmlEscape(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a sitemap's reader lists: its address and, where the data has it, when it last changed. */
interface SitemapEntry {
  loc: string;
  lastmod?: Date | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

function sitemapLines(tag: "url" | "sitemap", entries: SitemapEntry[]): string {
  return entries
    .map(
      ({ loc, lastmod }) =>
        `  <${tag}><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</${tag}>\n`,
    )
    .join("");
}

function urlset(entries: SitemapEntry[]): string {
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${sitemapLines("url", entries)}</urlset>\n`;
}

/** The storefront pages a search engine may list: the cart and the search results are nobody's landing page. */
const SITEMAP_STATIC_PATHS = STATIC_PAGE_PATHS.filter((path) => path !== "/cart" && path !== "/search");

/** How many URLs a sitemap file holds; tests lower it to split a few products into files. */
export interface SitemapOptions {
  fileUrls?: number;
}

/** The products files: where each ends (its last id) and its newest change, read while the catalogue bore `mark`. */
interface ProductFiles {
  mark: string;
  files: { lastId: string; lastmod: Date }[];
}

/**
 * The products files' boundaries of each database, by file size, kept while the catalogue's mark
 * stays the same. NOTE: finding them reads every active id (0.16 s at a million products), where
 * the mark is two reads of a few rows; a search engine asks for the index and then each file, and
 * every file needs the boundary before it. Any instance sees a change in the database's mark, so
 * none serves boundaries older than the catalogue it reads.
 */
const productFilesKept = new WeakMap<Database, Map<number, Promise<ProductFiles>>>();

/** The products files' boundaries, from those kept when the catalogue is as it was, else found again. */
async function productFiles(db: Database, fileUrls: number, stale?: ProductFiles): Promise<ProductFiles> {
  let kept = productFilesKept.get(db);
  if (!kept) {
    kept = new Map();
    productFilesKept.set(db, kept);
  }
  // NOTE: the mark is read before the boundaries: a change committed between the two leaves a mark
  // that the next request finds different, so it finds the boundaries again rather than keep these.
  const mark = await catalogueMark(db);
  const known = kept.get(fileUrls);
  if (known) {
    const files = await known.catch(() => undefined);
    if (files && files.mark === mark && files !== stale) return files;
    // Another request may have replaced the entry meanwhile: only the one found here is dropped.
    if (kept.get(fileUrls) === known) kept.delete(fileUrls);
  }
  const pending = kept.get(fileUrls);
  if (pending) return pending;
  const found = listSitemapProductFiles(db, fileUrls).then((files) => ({ mark, files }));
  kept.set(fileUrls, found);
  found.catch(() => {
    if (kept.get(fileUrls) === found) kept.delete(fileUrls);
  });
  return found;
}

/**
 * The sitemap index (/sitemap.xml): the pages file, then the products files (`fileUrls` active
 * products to a file), each with its newest change as lastmod.
 */
export async function sitemapIndexXml(
  db: Database,
  origin: string,
  { fileUrls = SITEMAP_FILE_URLS }: SitemapOptions = {},
): Promise<string> {
  const [pagesLastmod, { files }] = await Promise.all([
    categoriesLastModified(db),
    productFiles(db, fileUrls),
  ]);
  const entries: SitemapEntry[] = [
    { loc: `${origin}/sitemap-pages.xml`, lastmod: pagesLastmod },
    ...files.map(({ lastmod }, i) => ({ loc: `${origin}/sitemap-products-${i + 1}.xml`, lastmod })),
  ];
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemapLines("sitemap", entries)}</sitemapindex>\n`;
}

/** /sitemap-pages.xml: the home, the fixed storefront pages and the categories. */
export async function sitemapPagesXml(
  db: Database,
  origin: string,
  { fileUrls = SITEMAP_FILE_URLS }: SitemapOptions = {},
): Promise<string> {
  const categoryRows = await listSitemapCategories(db, Math.max(0, fileUrls - SITEMAP_STATIC_PATHS.length));
  return urlset([
    ...SITEMAP_STATIC_PATHS.map((path) => ({ loc: origin + path })),
    ...categoryRows.map((c) => ({ loc: `${origin}/product-category/${c.slug}`, lastmod: c.updatedAt })),
  ]);
}

/** The active products of products file `file` (from 1), in id order; none past the last file. */
async function productFileRows(db: Database, file: number, fileUrls: number) {
  let stale: ProductFiles | undefined;
  for (;;) {
    const kept = await productFiles(db, fileUrls, stale);
    const { files } = kept;
    if (file > files.length) return [];
    const after = files[file - 2]?.lastId ?? "";
    const through = file < files.length ? (files[file - 1]?.lastId ?? null) : null;
    const rows = await listSitemapProductRange(db, after, through, fileUrls + 1);
    // NOTE: more than a file's URLs between two kept boundaries: the catalogue changed without
    // changing its mark (an activation dated before the newest change, beside a deactivation), so
    // the boundaries are found again once rather than cut the file short.
    if (rows.length <= fileUrls || stale) return rows.slice(0, fileUrls);
    stale = kept;
  }
}

/** /sitemap-products-<file>.xml (from 1): its active products in id order; a file past the last is not found. */
export async function sitemapProductsXml(
  db: Database,
  origin: string,
  file: number,
  { fileUrls = SITEMAP_FILE_URLS }: SitemapOptions = {},
): Promise<string> {
  const rows = Number.isSafeInteger(file) && file >= 1 ? await productFileRows(db, file, fileUrls) : [];
  if (rows.length === 0) throw new AppError("NOT_FOUND", api.notFound);
  return urlset(rows.map((p) => ({ loc: `${origin}/product/${p.id}`, lastmod: p.updatedAt })));
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}/`),
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
