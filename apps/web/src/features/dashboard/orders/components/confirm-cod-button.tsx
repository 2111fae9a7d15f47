import { codConfirmation } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { useConfirmCodByPhone } from "../api/confirm-cod";

/** Whether the order is a cash on delivery order its shopper has yet to confirm (it does not ship until then). */
export function awaitsConfirmation(order: OrderDto): boolean {
  return order.codConfirmation === "pending" && order.status !== "cancelled";
}

/**
 * "Confirmed by phone" on a cash on delivery order waiting for its shopper's confirmation (admins and
 * managers), after a question naming the order: staff called, the shopper said yes, and the order
 * moves to Ready to Ship (the activity log and the history keep who took it).
 */
export function ConfirmCodButton({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const confirm = useConfirmCodByPhone(order._id);
  if (!awaitsConfirmation(order)) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {codConfirmation.confirmByPhone}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={codConfirmation.confirmByPhone}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {codConfirmation.cancel}
            </Button>
            <Button
              loading={confirm.isPending}
              onClick={() => confirm.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              {codConfirmation.confirmByPhone}
            </Button>
          </>
        }
      >
        <p className="text-sm text-neutral-700">{codConfirmation.confirmByPhoneQuestion(order.number)}</p>
      </Dialog>
    </>
  );
}
