import { Radio, RadioGroup } from "@headlessui/react";
import { ORDER_STATUSES, type OrderStatus } from "@shop/shared/constants";
import { refunds as words } from "@shop/shared/messages";
import { canTransition } from "@shop/shared/orders";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { StatusBadge } from "#web/components/status-badge";
import { cx } from "#web/lib/cx";
import { useUpdateOrderStatus } from "../api/update-order-status";

interface OrderStatusDialogProps {
  order: OrderDto;
  open: boolean;
  onClose: () => void;
  /**
   * Given when the viewer can refund the order: "Refunded" then moves no money here but hands over
   * to the refund dialog, which shows the amount before anything is sent.
   */
  onRefund?: (() => void) | undefined;
}

/**
 * Offers all six statuses (SPEC section 4); the ones the order cannot move to are marked, and the
 * server, which enforces the transitions, answers a forbidden one with its reason.
 */
export function OrderStatusDialog({ order, open, onClose, onRefund }: OrderStatusDialogProps) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const update = useUpdateOrderStatus(order._id);
  const refunds = status === "refunded" && onRefund !== undefined;

  const save = () => (refunds ? onRefund() : update.mutate(status, { onSuccess: onClose }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Update order status"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={status === order.status}>
            {refunds ? words.continueToRefund : "Save"}
          </Button>
        </>
      }
    >
      <RadioGroup value={status} onChange={setStatus} aria-label="Order status" className="space-y-2">
        {ORDER_STATUSES.map((option) => {
          const allowed = option === order.status || canTransition(order.status, option);
          return (
            <Radio
              key={option}
              value={option}
              aria-label={option}
              className={cx(
                "flex cursor-pointer items-center justify-between gap-3 rounded-control px-3 py-2.5 ring-1 ring-neutral-200 ring-inset focus:outline-none data-checked:bg-brand-50 data-checked:ring-2 data-checked:ring-brand-600 data-focus:outline-2 data-focus:outline-brand-600",
              )}
            >
              <StatusBadge kind="order" status={option} />
              <span className="text-xs text-neutral-500">
                {option === order.status ? "Current" : allowed ? "" : "Not allowed from here"}
              </span>
            </Radio>
          );
        })}
      </RadioGroup>
    </Dialog>
  );
}
