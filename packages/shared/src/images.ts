/**
 * How the storefront draws its pictures, shared by the web app (the `<img>` it renders) and the API
 * (the `<link rel="preload" as="image">` it writes into a page's head): the browser fetches the
 * preloaded rendition for the image only when both name the same `srcset` and `sizes`.
 */
import type { MediaDto } from "./schemas/media";

export type ImageMedia = Pick<MediaDto, "url" | "width" | "height" | "variants">;

/** A product page's large picture: half the page beside the details on a wide screen, else the full width. */
export const PRODUCT_IMAGE_SIZES =
  "(min-width: 1280px) 616px, (min-width: 1024px) calc(50vw - 4rem), calc(100vw - 2rem)";

/** A product card's picture: four, three or two cards a row. */
export const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 8.5rem) / 4), (min-width: 640px) calc((100vw - 6rem) / 3), calc((100vw - 2.75rem) / 2)";

/** The `srcset` of a stored image: every rendition with its width, narrowest first. */
export function srcSetOf(media: Pick<ImageMedia, "variants">): string | undefined {
  if (media.variants.length === 0) return undefined;
  return [...media.variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}
