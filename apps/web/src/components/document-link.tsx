import { type ComponentProps, type MouseEvent, useState } from "react";
import { errorMessage, fetchDocument } from "#web/lib/api";
import { toast } from "#web/lib/toast";

/** Hands a fetched file to the browser to save, under `filename`. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // NOTE: revoked later, not at once: some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A link to a document the API makes (an invoice, a credit note, a packing slip). It stays a link
 * (its address, `download`), but a press fetches the file first: a document that cannot be made
 * says why, in a toast with the server's message, instead of the browser saving the error or
 * doing nothing; a made one is saved under the name the server gives it.
 */
export function DocumentLink({ href, children, onClick, ...rest }: ComponentProps<"a"> & { href: string }) {
  const [busy, setBusy] = useState(false);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { blob, filename } = await fetchDocument(href);
      saveFile(blob, filename ?? href.slice(href.lastIndexOf("/") + 1));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <a href={href} download onClick={download} aria-busy={busy || undefined} {...rest}>
      {children}
    </a>
  );
}
