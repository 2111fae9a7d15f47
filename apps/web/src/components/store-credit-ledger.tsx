import { storeCreditAccount, storeCreditKinds } from "@shop/shared/messages";
import type { StoreCreditDto } from "@shop/shared/schemas/store-credit";
import { formatDate } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

/**
 * A shopper's store credit as the account and the dashboard's customer page show it: the balance,
 * then the ledger's latest entries, newest first (what moved it, when, by how much, the balance after).
 * A list rather than a table, so that a phone reads each entry on its own lines.
 */
export function StoreCreditLedger({ credit }: { credit: StoreCreditDto }) {
  const money = (amount: number) => formatPrice(amount);
  return (
    <div className="space-y-4">
      <p className="flex items-baseline gap-2">
        <span className="text-sm text-neutral-600">{storeCreditAccount.balance}</span>
        <span className="text-2xl font-semibold tabular-nums text-neutral-900">{money(credit.balance)}</span>
      </p>
      {credit.entries.length === 0 ? (
        <p className="text-sm text-neutral-600">{storeCreditAccount.empty}</p>
      ) : (
        <ul
          aria-label={storeCreditAccount.title}
          className="divide-y divide-neutral-200 overflow-hidden rounded-card bg-white ring-1 ring-neutral-200"
        >
          {credit.entries.map((entry) => (
            <li key={entry._id} className="flex items-start justify-between gap-4 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-neutral-900">{entry.reason}</p>
                <p className="mt-0.5 text-xs text-neutral-500">
                  {storeCreditKinds[entry.kind]}
                  {entry.order ? ` · #${entry.order.number}` : ""} · {formatDate(entry.at)}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p
                  className={`text-sm font-semibold tabular-nums ${entry.amount > 0 ? "text-success-700" : "text-neutral-900"}`}
                >
                  {entry.amount > 0 ? "+" : "−"}
                  {money(Math.abs(entry.amount))}
                </p>
                <p className="mt-0.5 text-xs tabular-nums text-neutral-500">
                  {storeCreditAccount.balanceAfter} {money(entry.balanceAfter)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
