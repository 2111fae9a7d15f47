import { storeCreditAccount } from "@shop/shared/messages";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { StoreCreditLedger } from "#web/components/store-credit-ledger";
import { useMyStoreCredit } from "../api/get-store-credit";

/** The account's store credit: the balance and its ledger (refunds given to it, orders paid with it). */
export function MyStoreCredit() {
  const credit = useMyStoreCredit();
  return (
    <section aria-labelledby="my-store-credit-heading" id="store-credit" className="scroll-mt-24">
      <h2 id="my-store-credit-heading" className="text-lg font-semibold text-neutral-900">
        {storeCreditAccount.title}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{storeCreditAccount.hint}</p>
      <div className="mt-3">
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
      </div>
    </section>
  );
}
