import { type ImageMedia, srcSetOf } from "@shop/shared/images";
import type { ComponentProps } from "react";

interface MediaImageProps extends Omit<ComponentProps<"img">, "src" | "srcSet" | "width" | "height" | "alt"> {
  media: ImageMedia;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a rendition (the `sizes` attribute). */
  sizes: string;
  /**
   * "lazy" (the default) for images below the fold; "eager" for those above it; "priority" for the
   * page's main picture, fetched first.
   */
  load?: "lazy" | "eager" | "priority";
}

/**
 * A stored image with its renditions in `srcset` and its intrinsic width and height, so the page
 * keeps its place for the image before it arrives (no layout shift).
 */
export function MediaImage({ media, alt, sizes, load = "lazy", ...props }: MediaImageProps) {
  return (
    <img
      src={media.url}
      srcSet={srcSetOf(media)}
      sizes={sizes}
      width={media.width}
      height={media.height}
      alt={alt}
      loading={load === "lazy" ? "lazy" : "eager"}
      decoding="async"
      fetchPriority={load === "priority" ? "high" : undefined}
      {...props}
    />
  );
}
