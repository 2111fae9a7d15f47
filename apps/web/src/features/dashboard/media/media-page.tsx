import { ArrowUpTrayIcon, ExclamationTriangleIcon, TrashIcon } from "@heroicons/react/20/solid";
import { empty, warnings } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { useState } from "react";
import { Button } from "#web/components/button";
import { MediaImage } from "#web/components/media-image";
import { useListParams } from "#web/lib/list-params";
import { ConfirmDialog } from "../components/confirm-dialog";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useDeleteMedia } from "./api/delete-media";
import { useMedia } from "./api/get-media";
import { UploadDialog } from "./components/upload-dialog";

const DELETE_WARNING = warnings.mediaDelete;

export function MediaPage() {
  const list = useListParams();
  const query = useMedia({ page: list.page, size: list.size, keyword: list.keyword || undefined });
  const remove = useDeleteMedia();
  const [uploading, setUploading] = useState(false);
  const [toDelete, setToDelete] = useState<MediaDto | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
  };

  return (
    <>
      <SectionHeader
        title="Media"
        action={
          <Button size="sm" onClick={() => setUploading(true)}>
            <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
            Upload Media
          </Button>
        }
      />
      <SectionBody>
        <SectionCard title="All Media">
          <p className="mb-4 flex items-start gap-2 rounded-control bg-warning-50 px-3 py-2 text-sm text-warning-700">
            <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {DELETE_WARNING}
          </p>
          <PagedList list={list} searchLabel="media" query={query} empty={empty.media}>
            {(items) => (
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
                {items.map((media) => (
                  <li key={media._id} className="group relative">
                    <MediaImage
                      media={media}
                      alt={media.name}
                      sizes="(min-width: 1280px) 16vw, (min-width: 640px) 30vw, 45vw"
                      className="aspect-square w-full rounded-card bg-neutral-100 object-cover ring-1 ring-neutral-200"
                    />
                    <p className="mt-1.5 truncate text-xs text-neutral-600" title={media.name}>
                      {media.name}
                    </p>
                    <button
                      type="button"
                      onClick={() => setToDelete(media)}
                      aria-label={`Delete ${media.name}`}
                      className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-danger-700 shadow-sm ring-1 ring-neutral-200 hover:bg-danger-50"
                    >
                      <TrashIcon className="size-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => {
          setUploading(false);
          // The newest image is first: show the first page, fetched again (SPEC: the upload reloads the list).
          list.setPage(1);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete media"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <p>Delete '{toDelete?.name}'?</p>
        <p className="mt-2 font-medium text-danger-700">{DELETE_WARNING}</p>
      </ConfirmDialog>
    </>
  );
}
