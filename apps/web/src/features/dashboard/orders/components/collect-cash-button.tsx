import { cashOnDelivery } from "@shop/shared/messages";
import { cashCanBeCollected } from "@shop/shared/orders";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { formatPrice } from "#web/lib/money";
import { useCollectCash } from "../api/collect-cash";

/**
 * Whether the order's cash on delivery waits for staff to record it collected, and can have been: the
 * order confirmed and a parcel out (shared orders.ts, the rule the server refuses by).
 */
export function awaitsCash(order: OrderDto): boolean {
  return (
    order.cashOnDelivery?.collected === false && order.status !== "cancelled" && cashCanBeCollected(order)
  );
}

/**
 * 'Record cash collected' on a cash on delivery order whose cash waits and is out for delivery (admins
 * and managers), after a
 * confirmation naming the amount: the payment completes (the invoice came with the first parcel,
 * decision 025).
 */
export function CollectCashButton({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const collect = useCollectCash(order._id);
  const cod = order.cashOnDelivery;
  if (!cod || !awaitsCash(order)) return null;
  const confirm = () => collect.mutate(cod.payment, { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {cashOnDelivery.recordCollected}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={cashOnDelivery.recordCollected}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={collect.isPending} onClick={confirm}>
              {cashOnDelivery.recordCollected}
            </Button>
          </>
        }
      >
        <p className="text-sm text-neutral-700">
          {cashOnDelivery.confirmCollected(formatPrice(order.totalAmount, order.currency))}
        </p>
      </Dialog>
    </>
  );
}
