import { CheckCircleIcon } from "@heroicons/react/20/solid";
import { PICKER_PAGE_SIZE } from "@shop/shared/constants";
import { empty } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { useId, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { MediaImage } from "#web/components/media-image";
import { QueryState } from "#web/components/query-state";
import { Spinner } from "#web/components/spinner";
import { useMedia } from "#web/features/dashboard/media/api/get-media";
import { useUploadMedia } from "#web/features/dashboard/media/api/upload-media";
import { cx } from "#web/lib/cx";

interface MediaPickerProps {
  open: boolean;
  title: string;
  /** 1 for the thumbnail; undefined for the gallery (no limit, SPEC section 9). */
  limit?: number;
  selected: readonly MediaDto[];
  onClose: () => void;
  onSelect: (media: MediaDto[]) => void;
}

/**
 * Chooses images from the media library (up to 1000 at once, SPEC section 9), or uploads a new one
 * from inside the picker, which then comes selected.
 */
export function MediaPicker({ open, title, limit, selected, onClose, onSelect }: MediaPickerProps) {
  const uploadId = useId();
  const query = useMedia({ page: 1, size: PICKER_PAGE_SIZE });
  const upload = useUploadMedia();
  const [choice, setChoice] = useState<MediaDto[]>([...selected]);

  const toggle = (media: MediaDto) =>
    setChoice((current) => {
      if (current.some((item) => item._id === media._id))
        return current.filter((item) => item._id !== media._id);
      // With a limit of 1 a click replaces the choice; otherwise the oldest choice makes room.
      const next = [...current, media];
      return limit !== undefined && next.length > limit ? next.slice(next.length - limit) : next;
    });

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (media) => toggle(media) });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSelect(choice)}>
            {limit === 1 ? "Use selected image" : `Use ${choice.length} selected`}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-neutral-600">
            {limit === 1 ? "Choose one image." : "Choose any number of images."}
          </p>
          <div className="flex items-center gap-2">
            {upload.isPending ? <Spinner className="size-4 text-brand-600" label="Uploading" /> : null}
            <label
              htmlFor={uploadId}
              className="inline-flex h-8 cursor-pointer items-center rounded-control bg-white px-3 text-sm font-medium text-neutral-800 shadow-sm ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50 focus-within:outline-2 focus-within:outline-brand-600"
            >
              Upload an image
              <input
                id={uploadId}
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(event) => {
                  onFile(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
            </label>
          </div>
        </div>
        <QueryState
          query={query}
          loading={
            <div className="flex justify-center py-10 text-brand-600">
              <Spinner className="size-6" label="Loading media" />
            </div>
          }
          empty={<p className="py-8 text-center text-sm text-neutral-600">{empty.media}</p>}
        >
          {({ items }) => (
            <ul className="grid max-h-[55vh] grid-cols-3 gap-3 overflow-y-auto p-1 sm:grid-cols-4">
              {items.map((media) => {
                const chosen = choice.some((item) => item._id === media._id);
                return (
                  <li key={media._id}>
                    <button
                      type="button"
                      aria-pressed={chosen}
                      aria-label={`Select ${media.name}`}
                      onClick={() => toggle(media)}
                      className={cx(
                        "relative block w-full overflow-hidden rounded-control ring-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600",
                        chosen ? "ring-2 ring-brand-600" : "ring-1 ring-neutral-200",
                      )}
                    >
                      <MediaImage
                        media={media}
                        alt=""
                        sizes="160px"
                        className="aspect-square w-full bg-neutral-100 object-cover"
                      />
                      {chosen ? (
                        <CheckCircleIcon
                          className="absolute top-1 right-1 size-6 rounded-full bg-white text-brand-600"
                          aria-hidden="true"
                        />
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
    </Dialog>
  );
}
