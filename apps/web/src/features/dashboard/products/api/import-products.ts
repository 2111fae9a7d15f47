import { errors, productCsv } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** Where the products CSV is downloaded from (staff; the session cookie goes with a plain link). */
export const PRODUCTS_CSV_URL = "/api/products/export.csv";

/**
 * POST /api/products/import as multipart with the field `file`: a dry run answers the report and
 * changes nothing; otherwise every row applies or none does (422 with each refused cell).
 */
export function importProducts({ file, dryRun }: { file: File; dryRun: boolean }) {
  const body = new FormData();
  body.append("file", file);
  return api.post("/products/import", body, {
    query: { dryRun },
    schema: responseSchemas.productImportReport,
    defaultMessage: errors.tryAgain,
  });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (report) => {
      if (!report.applied) return;
      toast.success(productCsv.imported(report.products.created, report.products.updated));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
      ]);
    },
  });
}
