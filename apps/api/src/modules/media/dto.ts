import type { MediaDto } from "@shop/shared/schemas/media";
import type { Media } from "#api/db/schema/media";

/**
 * The URL of one rendition. Every rendition sits beside the default one as `<width>.webp`
 * (see the media service), so the URLs follow from the stored default URL and the widths.
 */
export function renditionUrl(media: Pick<Media, "url">, width: number): string {
  return media.url.replace(/[^/]*$/, `${width}.webp`);
}

/** A media row as the API shows it: `url` is the default (largest) rendition, `variants` feed srcset. */
export function toMediaDto(media: Media): MediaDto {
  return {
    _id: media.id,
    name: media.name,
    url: media.url,
    width: media.width,
    height: media.height,
    variants: [...media.widths]
      .sort((a, b) => a - b)
      .map((width) => ({ width, url: renditionUrl(media, width) })),
    createdAt: media.createdAt.toISOString(),
  };
}
