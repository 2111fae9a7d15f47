import { settingsPage } from "@shop/shared/messages";
import type { PincodeFault, PincodeUploadDto } from "@shop/shared/schemas/delivery";
import { useDeferredValue, useId, useState } from "react";
import { Pagination } from "#web/components/pagination";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { usePincodes } from "../api/get-pincodes";
import { useUploadPincodes } from "../api/upload-pincodes";

const labels = settingsPage.shipping;

/** The faults shown of a refused file; the message counts them all. */
export const FAULTS_SHOWN = 20;

/** A refused upload's faults by line: its `data.errors`, else its field errors keyed `lines.<line>`. */
export function uploadFaults(error: unknown): PincodeFault[] {
  if (!isApiError(error)) return [];
  const { data } = error;
  if (typeof data === "object" && data !== null && "errors" in data && Array.isArray(data.errors)) {
    return data.errors.filter(
      (fault): fault is PincodeFault =>
        typeof fault === "object" &&
        fault !== null &&
        typeof fault.line === "number" &&
        typeof fault.message === "string",
    );
  }
  return Object.entries(error.errors).flatMap(([key, message]) => {
    const match = /^lines\.(\d+)$/.exec(key);
    return match ? [{ line: Number(match[1]), message }] : [];
  });
}

/** What became of the last file: saved with its count, or refused with its faults (the first 20). */
export function UploadOutcome({ saved, error }: { saved: PincodeUploadDto | undefined; error: unknown }) {
  if (saved) {
    return (
      <p role="status" className="text-sm font-medium text-success-700">
        {labels.uploaded(saved.rows)}
      </p>
    );
  }
  if (!error) return null;
  const faults = uploadFaults(error);
  return (
    <div
      role="alert"
      className="rounded-card bg-danger-50 p-3 text-sm text-danger-700 ring-1 ring-danger-100"
    >
      <p className="font-medium">{errorMessage(error)}</p>
      {faults.length > 0 ? (
        <ul className="mt-2 space-y-0.5">
          {faults.slice(0, FAULTS_SHOWN).map((fault) => (
            <li key={fault.line}>
              <span className="font-medium tabular-nums">{labels.faultLine(fault.line)}</span>:{" "}
              {fault.message}
            </li>
          ))}
        </ul>
      ) : null}
      {faults.length > FAULTS_SHOWN ? <p className="mt-2">{labels.faultsListed(FAULTS_SHOWN)}</p> : null}
    </div>
  );
}

interface PincodeListProps {
  methodId: string;
  /** The method is in the saved settings: the server knows its id. */
  saved: boolean;
  /** A manager's view: the list is the admins' to see and change. */
  readOnly: boolean;
}

/**
 * A method's PIN code list in its editor: the upload of a CSV file (which replaces the list whole),
 * the count of codes, and the codes themselves with their days and COD, searched by their first
 * digits a page at a time. A method not saved yet has no list: it is saved first.
 */
export function PincodeList({ methodId, saved, readOnly }: PincodeListProps) {
  if (readOnly) return <p className="text-sm text-neutral-600">{labels.pincodesAdminOnly}</p>;
  if (!saved) {
    return (
      <p className="rounded-card bg-warning-50 px-3 py-2 text-sm text-warning-700 ring-1 ring-warning-100">
        {labels.saveFirst}
      </p>
    );
  }
  return <SavedPincodeList methodId={methodId} />;
}

function SavedPincodeList({ methodId }: { methodId: string }) {
  const id = useId();
  const upload = useUploadPincodes();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(8);
  const searched = useDeferredValue(search);
  // The whole list's first page: its count, whatever is searched (the same request when nothing is).
  const all = usePincodes(methodId, { page: 1, size, search: "" });
  const shown = usePincodes(methodId, { page, size, search: searched });
  const count = all.data?.meta.total;
  const rows = shown.data?.items ?? [];

  return (
    <div className="space-y-4 rounded-control bg-neutral-50 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold text-neutral-900">{labels.pincodes}</h4>
        <p className="text-sm text-neutral-700 tabular-nums" aria-live="polite">
          {count === undefined ? <Skeleton className="h-4 w-24" /> : labels.pincodeCount(count)}
        </p>
      </div>

      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-neutral-800">
          {labels.upload}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
          {labels.uploadHint}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again once corrected: the field forgets it.
            event.target.value = "";
            if (file) upload.mutate({ methodId, file });
          }}
          className="mt-1.5 block w-full text-sm text-neutral-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
      </div>
      {upload.isPending ? (
        <p role="status" className="text-sm text-neutral-700">
          {labels.uploading}
        </p>
      ) : (
        <UploadOutcome saved={upload.data} error={upload.error} />
      )}

      {count === 0 ? (
        <p className="text-sm text-neutral-600">{labels.noPincodes}</p>
      ) : (
        <div className="space-y-3">
          {/* NOTE: no form of its own: the method's editor is inside the section's form. */}
          <label htmlFor={`${id}-search`} className="sr-only">
            {labels.search}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            inputMode="numeric"
            placeholder={labels.search}
            title={labels.searchHint}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value.replace(/\D/g, "").slice(0, 6));
              setPage(1);
            }}
            onKeyDown={(event) => {
              // Enter searches as typing does; it must not save the section.
              if (event.key === "Enter") event.preventDefault();
            }}
            className="h-10 w-full rounded-control border border-neutral-300 bg-white px-3 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 sm:max-w-xs"
          />
          {shown.isPending ? (
            <p role="status" className="text-sm text-neutral-600">
              {labels.loadingPincodes}
            </p>
          ) : shown.isError ? (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {errorMessage(shown.error)}
            </p>
          ) : rows.length === 0 ? (
            <p className="text-sm text-neutral-600">{labels.noMatch}</p>
          ) : (
            <table
              className={cx("w-full max-w-md text-left text-sm", shown.isPlaceholderData && "opacity-60")}
              aria-busy={shown.isPlaceholderData || undefined}
            >
              <caption className="sr-only">{labels.pincodes}</caption>
              <thead className="text-xs text-neutral-600">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {labels.pincode}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {labels.pincodeDays}
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    {labels.pincodeCod}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {rows.map((row) => (
                  <tr key={row.pincode}>
                    <td className="py-1.5 pr-3 font-medium text-neutral-900 tabular-nums">{row.pincode}</td>
                    <td className="py-1.5 pr-3 text-neutral-700 tabular-nums">{row.days}</td>
                    <td className="py-1.5 text-neutral-700">{row.cod ? labels.yes : labels.no}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {shown.data && shown.data.meta.pageCount > 1 ? (
            <Pagination
              page={page}
              pageCount={shown.data.meta.pageCount}
              size={size}
              onPageChange={setPage}
              onSizeChange={(next) => {
                setSize(next);
                setPage(1);
              }}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
