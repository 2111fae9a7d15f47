import { PhotoIcon, XMarkIcon } from "@heroicons/react/20/solid";
import type { MediaDto } from "@shop/shared/schemas/media";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { Button } from "#web/components/button";
import { MediaImage } from "#web/components/media-image";
import { MediaPicker } from "./media-picker";
import type { ProductFormState } from "./product-form-values";

interface ProductImagesFieldsProps {
  /** The product's pictures when editing, shown until others are chosen. */
  thumbnail: MediaDto | null;
  gallery: readonly MediaDto[];
}

/**
 * The thumbnail (one image) and the gallery (any number), chosen from the media library. The form
 * keeps their ids; this section keeps the images themselves, to show them.
 */
export function ProductImagesFields(initial: ProductImagesFieldsProps) {
  const { formState, setValue } = useFormContext<ProductFormState>();
  const [thumbnail, setThumbnail] = useState<MediaDto | null>(initial.thumbnail);
  const [gallery, setGallery] = useState<readonly MediaDto[]>(initial.gallery);
  const [picker, setPicker] = useState<"thumbnail" | "gallery" | null>(null);

  const chooseThumbnail = (media: readonly MediaDto[]) => {
    const first = media[0] ?? null;
    setThumbnail(first);
    setValue("thumbnail", first?._id ?? "", { shouldValidate: formState.isSubmitted });
    setPicker(null);
  };
  const chooseGallery = (media: readonly MediaDto[]) => {
    setGallery(media);
    setValue(
      "gallery",
      media.map((item) => item._id),
      { shouldValidate: formState.isSubmitted },
    );
    setPicker(null);
  };

  return (
    <>
      <ImagesField
        label="Thumbnail"
        media={thumbnail ? [thumbnail] : []}
        error={formState.errors.thumbnail?.message}
        onPick={() => setPicker("thumbnail")}
        onRemove={() => chooseThumbnail([])}
        buttonLabel="Choose thumbnail"
      />
      <ImagesField
        label="Gallery"
        media={gallery}
        error={formState.errors.gallery?.message}
        onPick={() => setPicker("gallery")}
        onRemove={(id) => chooseGallery(gallery.filter((item) => item._id !== id))}
        buttonLabel="Choose gallery images"
      />
      {picker ? (
        <MediaPicker
          open
          title={picker === "thumbnail" ? "Choose the thumbnail" : "Choose gallery images"}
          limit={picker === "thumbnail" ? 1 : undefined}
          selected={picker === "thumbnail" ? (thumbnail ? [thumbnail] : []) : gallery}
          onClose={() => setPicker(null)}
          onSelect={picker === "thumbnail" ? chooseThumbnail : chooseGallery}
        />
      ) : null}
    </>
  );
}

interface ImagesFieldProps {
  label: string;
  media: readonly MediaDto[];
  error: string | undefined;
  buttonLabel: string;
  onPick: () => void;
  onRemove: (id: string) => void;
}

function ImagesField({ label, media, error, buttonLabel, onPick, onRemove }: ImagesFieldProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      {media.length > 0 ? (
        <ul className="mt-2 grid grid-cols-4 gap-2">
          {media.map((item) => (
            <li key={item._id} className="relative">
              <MediaImage
                media={item}
                alt={`${label}: ${item.name}`}
                sizes="80px"
                className="aspect-square w-full rounded-control bg-neutral-100 object-cover ring-1 ring-neutral-200"
              />
              <button
                type="button"
                onClick={() => onRemove(item._id)}
                aria-label={`Remove ${item.name} from ${label.toLowerCase()}`}
                className="absolute -top-1.5 -right-1.5 inline-flex size-6 items-center justify-center rounded-full bg-white text-neutral-600 shadow ring-1 ring-neutral-200 hover:text-danger-700"
              >
                <XMarkIcon className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-2 flex h-20 items-center justify-center rounded-control border border-dashed border-neutral-300 bg-neutral-50">
          <PhotoIcon className="size-6 text-neutral-300" aria-hidden="true" />
        </div>
      )}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onPick}>
        {buttonLabel}
      </Button>
      {error ? <p className="mt-1.5 text-xs font-medium text-danger-700">{error}</p> : null}
    </fieldset>
  );
}
