import { productCsv, validation } from "@shop/shared/messages";
import type { ProductImportReport } from "@shop/shared/schemas/product-csv";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { errorMessage, isApiError } from "#web/lib/api";
import { useImportProducts } from "../api/import-products";

interface RefusedCell {
  row: number;
  column: string;
  message: string;
}

/** The refused cells of a report, or of a refused apply (its `errors` keyed `rows.<row>.<column>`). */
function refusedCells(report: ProductImportReport | null, failure: unknown): RefusedCell[] {
  if (isApiError(failure)) {
    return Object.entries(failure.errors).flatMap(([key, message]) => {
      const match = /^rows\.(\d+)\.(.+)$/.exec(key);
      return match ? [{ row: Number(match[1]), column: match[2] ?? "", message }] : [];
    });
  }
  return (report?.rows ?? []).flatMap((row) => row.errors.map((error) => ({ row: row.row, ...error })));
}

/** An indeterminate bar while the file travels and the server works (fetch reports no upload progress). */
function Working({ label }: { label: string }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm text-neutral-700">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-busy="true"
        className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-100"
      >
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
      </div>
    </div>
  );
}

/**
 * 'Import CSV': the file is checked with a dry run first, the report shown (counts and refused
 * rows with their reasons), and only then applied, all rows or none.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const importing = useImportProducts();
  const applying = importing.isPending && importing.variables?.dryRun === false;

  const reset = () => {
    setFile(null);
    setFileError(null);
    setReport(null);
    importing.reset();
  };
  const close = () => {
    if (importing.isPending) return;
    reset();
    onClose();
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(validation.selectFile);
      return;
    }
    setReport(null);
    importing.mutate({ file, dryRun: true }, { onSuccess: setReport });
  };

  const apply = () => {
    if (!file) return;
    importing.mutate(
      { file, dryRun: false },
      {
        onSuccess: () => {
          reset();
          onClose();
        },
      },
    );
  };

  const refused = refusedCells(report, importing.error);
  const counts = report?.products;
  const changes = counts ? counts.created + counts.updated : 0;
  const canApply = report !== null && counts?.refused === 0 && changes > 0 && !importing.isPending;

  return (
    <Dialog open={open} onClose={close} title={productCsv.importTitle} size="lg">
      <form onSubmit={check} noValidate className="space-y-4">
        <p className="text-sm text-neutral-600">{productCsv.importHint}</p>
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-neutral-800">
            {productCsv.chooseFile}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={importing.isPending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? errorId : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              setReport(null);
              importing.reset();
            }}
            className="mt-1.5 block w-full text-sm text-neutral-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          {fileError ? (
            <p id={errorId} role="alert" className="mt-1.5 text-xs font-medium text-danger-700">
              {fileError}
            </p>
          ) : null}
        </div>

        {importing.isPending ? (
          <Working label={applying ? productCsv.applying : productCsv.checking} />
        ) : null}

        {importing.error && refused.length === 0 ? (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {errorMessage(importing.error)}
          </p>
        ) : null}

        {counts ? (
          <div role="status" className="rounded-card border border-neutral-200 bg-neutral-50 p-3 text-sm">
            <p className="font-medium text-neutral-900">
              {productCsv.summary(counts.created, counts.updated, counts.unchanged, counts.refused)}
            </p>
            {counts.refused > 0 ? (
              <p className="mt-1 text-neutral-600">{productCsv.fixAndRetry}</p>
            ) : changes === 0 ? (
              <p className="mt-1 text-neutral-600">{productCsv.nothingToApply}</p>
            ) : null}
          </div>
        ) : null}

        {refused.length > 0 ? (
          <div>
            {importing.error ? (
              <p role="alert" className="mb-2 text-sm font-medium text-danger-700">
                {errorMessage(importing.error)}
              </p>
            ) : null}
            <div className="max-h-64 overflow-auto rounded-card border border-neutral-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{productCsv.refusedRows}</caption>
                <thead className="sticky top-0 bg-neutral-50 text-xs text-neutral-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {productCsv.rowColumn}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {productCsv.columnColumn}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {productCsv.reasonColumn}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {refused.map((cell) => (
                    <tr key={`${cell.row}/${cell.column}`}>
                      <td className="px-3 py-2 tabular-nums text-neutral-900">{cell.row}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-neutral-700">{cell.column}</td>
                      <td className="px-3 py-2 text-neutral-700">{cell.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : null}

        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={importing.isPending}>
            {productCsv.cancel}
          </Button>
          <Button
            type="submit"
            variant={canApply ? "secondary" : "primary"}
            loading={importing.isPending && !applying}
            disabled={importing.isPending}
          >
            {productCsv.check}
          </Button>
          {report ? (
            <Button onClick={apply} disabled={!canApply} loading={applying}>
              {productCsv.apply}
            </Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
