/** What the server says about each storefront page: its head, the sitemap and robots.txt. */
import { DEFAULT_PAGE_SIZE } from "@shop/shared/constants";
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
import { getProduct } from "#api/modules/products/service";
import { latestReviews } from "#api/modules/reviews/service";
import type { PageHead } from "./head";
import { listSitemapCategories, listSitemapProducts } from "./repo";

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
    return { ...fixed, canonical, ...(pathname === "/" ? { preload: HOME_PRELOAD } : {}) };
  }

  try {
    const productMatch = /^\/product\/([0-9a-f]{24})$/.exec(pathname);
    if (productMatch?.[1]) {
      const product = await getProduct(db, productMatch[1], null);
      return {
        title: pageTitle(product.name, shopName),
        description: shorten(product.description),
        canonical,
        type: "product",
        image: product.thumbnail ? origin + product.thumbnail.url : undefined,
        jsonLd: productJsonLd(product, { url: canonical, origin, currency: settings.currency.code }),
        preload: [`/api/products/${product._id}`],
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
        // The first page of products, unless the address asks for another one.
        preload: search ? [api] : [api, `${api}/products?page=1&size=${DEFAULT_PAGE_SIZE}`],
      };
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return generic;
}

function isStaticPath(pathname: string): pathname is StaticPagePath {
  return (STATIC_PAGE_PATHS as readonly string[]).includes(pathname);
}

function xmlEscape(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const [categoryRows, productRows] = await Promise.all([listSitemapCategories(db), listSitemapProducts(db)]);
  const urls = [
    ...STATIC_PAGE_PATHS.filter((path) => path !== "/cart" && path !== "/search").map((path) => ({
      loc: origin + path,
      lastmod: undefined as Date | undefined,
    })),
    ...categoryRows.map((c) => ({ loc: `${origin}/product-category/${c.slug}`, lastmod: c.updatedAt })),
    ...productRows.map((p) => ({ loc: `${origin}/product/${p.id}`, lastmod: p.updatedAt })),
  ];
  const body = urls
    .map(
      ({ loc, lastmod }) =>
        `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
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
