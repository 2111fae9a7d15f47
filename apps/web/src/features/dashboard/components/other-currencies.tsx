import { salesReports } from "@shop/shared/messages";
import { formatPrice } from "#web/lib/money";

/** What a figure leaves out: orders of another currency, their count and amount in theirs. */
export interface OtherCurrencyFigure {
  currency: string;
  orders: number;
  amount: number;
}

/**
 * The orders placed in currencies other than the shop's (before it switched), each on a line of its
 * own: "and 12 orders in USD: $1,234.00". Counted apart, never added to the figures beside it.
 */
export function OtherCurrencies({ rows }: { rows: readonly OtherCurrencyFigure[] }) {
  if (rows.length === 0) return null;
  return (
    <div role="note" className="text-sm text-neutral-600">
      <p>{salesReports.otherCurrenciesNote}</p>
      <ul className="mt-1 space-y-0.5">
        {rows.map((row) => (
          <li key={row.currency} className="tabular-nums">
            {salesReports.otherCurrency(row.orders, row.currency, formatPrice(row.amount, row.currency))}
          </li>
        ))}
      </ul>
    </div>
  );
}
