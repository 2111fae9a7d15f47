import { PhotoIcon } from "@heroicons/react/24/outline";
import { validation } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { useUploadMedia } from "../api/upload-media";

interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (media: MediaDto) => void;
  title?: string;
}

/** 'Upload Media': an image-only file picker with a preview (SPEC section 2). */
export function UploadDialog({ open, onClose, onUploaded, title = "Upload Media" }: UploadDialogProps) {
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadMedia();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(validation.selectFile);
      return;
    }
    upload.mutate(file, {
      onSuccess: (media) => {
        setFile(null);
        onUploaded(media);
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-neutral-800">
            Image file
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className="mt-1.5 block w-full text-sm text-neutral-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-1.5 text-xs font-medium text-danger-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex aspect-video items-center justify-center overflow-hidden rounded-card border border-dashed border-neutral-300 bg-neutral-50">
          {preview ? (
            <img
              src={preview}
              alt="Preview of the chosen file"
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <PhotoIcon className="size-10 text-neutral-300" aria-hidden="true" />
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
