import { PhotoIcon } from "@heroicons/react/24/outline";
import { PRODUCT_IMAGE_SIZES } from "@shop/shared/images";
import type { MediaDto } from "@shop/shared/schemas/media";
import { useState } from "react";
import { MediaImage } from "#web/components/media-image";
import { cx } from "#web/lib/cx";

interface ProductGalleryProps {
  name: string;
  thumbnail: MediaDto | null;
  gallery: readonly MediaDto[];
}

/** The thumbnail first, then the gallery images, each once. */
export function galleryImages(thumbnail: MediaDto | null, gallery: readonly MediaDto[]): MediaDto[] {
  const seen = new Set<string>();
  return [...(thumbnail ? [thumbnail] : []), ...gallery].filter((media) => {
    if (seen.has(media._id)) return false;
    seen.add(media._id);
    return true;
  });
}

/**
 * The product's pictures: a large one and, when there are several, a row of buttons to choose it.
 * Remount it (key) for another product so the choice starts at the first picture again.
 */
export function ProductGallery({ name, thumbnail, gallery }: ProductGalleryProps) {
  const images = galleryImages(thumbnail, gallery);
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)];

  return (
    <div className="flex flex-col gap-3 sm:gap-4">
      <div className="aspect-square overflow-hidden rounded-card bg-neutral-100 ring-1 ring-neutral-200">
        {current ? (
          <MediaImage
            // A new element per picture: the old one must not linger while the new one decodes.
            key={current._id}
            media={current}
            alt={images.length > 1 ? `${name}, picture ${selected + 1} of ${images.length}` : name}
            sizes={PRODUCT_IMAGE_SIZES}
            load="priority"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center">
            <PhotoIcon className="size-16 text-neutral-300" aria-hidden="true" />
          </div>
        )}
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2 sm:gap-3" aria-label="Pictures">
          {images.map((media, index) => (
            <li key={media._id}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={cx(
                  "block aspect-square w-full overflow-hidden rounded-control bg-neutral-100 ring-offset-2",
                  index === selected
                    ? "ring-2 ring-brand-600"
                    : "ring-1 ring-neutral-200 hover:ring-neutral-400",
                )}
              >
                <MediaImage
                  media={media}
                  alt=""
                  sizes="(min-width: 1024px) 112px, 20vw"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
