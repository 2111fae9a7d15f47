import { paymentStates, shiprocketBatch } from "@shop/shared/messages";
import type { OrderSummaryDto } from "@shop/shared/schemas/order";
import { Link } from "react-router";
import { OrderStatus } from "#web/components/order-status";
import { StatusBadge } from "#web/components/status-badge";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
  openableRowClass,
  overRowLinkClass,
  rowLinkClass,
} from "#web/features/dashboard/components/data-table";
import { cx } from "#web/lib/cx";
import { formatDate } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

const COLUMNS = [
  { label: "Customer" },
  { label: paymentStates.placed },
  { label: "Status" },
  { label: paymentStates.column },
  { label: "Order Id" },
  { label: "Cart Value", className: "text-right" },
] as const;

/** Rows that can be chosen (Ready to Ship's Shiprocket batch): which are, and whether more may be. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (orderId: string) => void;
  full: boolean;
}

/**
 * The orders table of SPEC section 2, also used by the dashboard home's recent orders, with the
 * day it was placed and its payment's state beside SPEC's columns; its Status is the fulfilment.
 */
export function OrdersTable({
  orders,
  caption,
  selection,
}: {
  orders: OrderSummaryDto[];
  caption: string;
  /** Given, each row starts with a checkbox. */
  selection?: RowSelection;
}) {
  const columns = selection ? [{ label: shiprocketBatch.select, srOnly: true }, ...COLUMNS] : COLUMNS;
  return (
    <DataTable caption={caption} columns={columns}>
      {orders.map((order) => {
        const address = order.shippingAddress;
        const checked = selection?.selected.has(order._id) ?? false;
        return (
          <tr key={order._id} className={openableRowClass}>
            {selection ? (
              <td className={cx(cellClass, "w-10")}>
                <input
                  type="checkbox"
                  aria-label={shiprocketBatch.selectOrder(order.number)}
                  checked={checked}
                  disabled={!checked && selection.full}
                  onChange={() => selection.toggle(order._id)}
                  className={cx("size-4 accent-brand-600", overRowLinkClass)}
                />
              </td>
            ) : null}
            <td className={cx(cellClass, growCellClass)}>
              <p className="font-medium whitespace-nowrap text-neutral-900">
                {address.name.firstName} {address.name.lastName}
              </p>
              {address.phoneNumber !== null ? (
                <a
                  href={`tel:+${address.countryCode}${address.phoneNumber}`}
                  className={cx(
                    "block w-fit text-brand-700 whitespace-nowrap hover:underline",
                    overRowLinkClass,
                  )}
                >
                  +{address.countryCode} {address.phoneNumber}
                </a>
              ) : null}
              <p className="text-xs text-neutral-500">PIN code {address.pinCode}</p>
            </td>
            <td className={cx(cellClass, "whitespace-nowrap text-neutral-600")}>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </td>
            <td className={cellClass}>
              <OrderStatus order={order} />
            </td>
            <td className={cellClass}>
              <StatusBadge
                kind="payment"
                status={order.paymentState}
                label={paymentStates.labels[order.paymentState]}
              />
            </td>
            <td className={cellClass}>
              <Link
                to={`/dashboard/orders/order/${order._id}`}
                className={cx("font-semibold whitespace-nowrap text-brand-700 hover:underline", rowLinkClass)}
                aria-label={`#${order.number} — open order ${order._id}`}
              >
                #{order.number}
              </Link>
              <p className="font-mono text-xs break-all text-neutral-500">{order._id}</p>
            </td>
            <td
              className={cx(cellClass, endCellClass, "text-right font-medium whitespace-nowrap tabular-nums")}
            >
              {formatPrice(order.totalAmount, order.currency)}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
