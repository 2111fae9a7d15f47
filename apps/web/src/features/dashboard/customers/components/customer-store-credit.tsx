import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_REFUND_REASON } from "@shop/shared/constants";
import { storeCreditAccount, storeCreditStaff } from "@shop/shared/messages";
import { StoreCreditAdjustmentInput } from "@shop/shared/schemas/store-credit";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { StoreCreditLedger } from "#web/components/store-credit-ledger";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { formatPrice } from "#web/lib/money";
import { useAdjustStoreCredit, useCustomerStoreCredit } from "../api/store-credit";

const FIELDS = ["amount", "reason"] as const;

/**
 * The staff's form that adds (positive) or removes (negative) a customer's credit, with a reason;
 * once the balance is known, it says the most that can be removed (credit never goes below nothing).
 */
function AdjustForm({ userId, balance }: { userId: string; balance: number | undefined }) {
  const adjust = useAdjustStoreCredit(userId);
  const { register, handleSubmit, setError, reset, formState } = useForm<StoreCreditAdjustmentInput>({
    resolver: zodResolver(StoreCreditAdjustmentInput),
    defaultValues: { reason: "" },
  });
  const onSubmit = handleSubmit((values) =>
    adjust.mutate(values, {
      onSuccess: () => reset({ reason: "" }),
      onError: (error) => {
        if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
      },
    }),
  );
  const serverError =
    adjust.isError &&
    !(isApiError(adjust.error) && (adjust.error.errors.amount || adjust.error.errors.reason));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 border-t border-neutral-100 pt-4">
      <h3 className="text-sm font-semibold text-neutral-900">{storeCreditStaff.adjust}</h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <TextField
          label={storeCreditStaff.amountLabel}
          hint={
            balance === undefined
              ? storeCreditStaff.amountHint
              : `${storeCreditStaff.amountHint} ${storeCreditStaff.amountMost(formatPrice(balance))}`
          }
          min={balance === undefined ? undefined : -balance}
          type="number"
          step="0.01"
          inputMode="decimal"
          error={formState.errors.amount?.message}
          {...register("amount", { valueAsNumber: true })}
        />
        <TextField
          label={storeCreditStaff.reasonLabel}
          maxLength={MAX_REFUND_REASON}
          error={formState.errors.reason?.message}
          {...register("reason")}
        />
      </div>
      {serverError ? <ErrorState message={errorMessage(adjust.error)} prefix={false} /> : null}
      <Button type="submit" size="sm" loading={adjust.isPending}>
        {storeCreditStaff.save}
      </Button>
    </form>
  );
}

/** A customer's store credit on their dashboard page: the balance, its ledger and the adjust form. */
export function CustomerStoreCredit({ userId }: { userId: string }) {
  const credit = useCustomerStoreCredit(userId);
  return (
    <div className="space-y-5">
      <QueryState
        query={credit}
        loading={
          <div className="space-y-3">
            <span className="sr-only" role="status">
              {storeCreditAccount.loading}
            </span>
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-16 rounded-card" />
          </div>
        }
      >
        {(data) => <StoreCreditLedger credit={data} />}
      </QueryState>
      <AdjustForm userId={userId} balance={credit.data?.balance} />
    </div>
  );
}
