import { accountNotes } from "@shop/shared/messages";
import { useState } from "react";
import { useCancelOrder } from "../lib/own-orders";
import { Button, type ButtonVariant } from "./button";
import { Dialog } from "./dialog";

/**
 * The shopper's 'Cancel order' of a pending order, after the confirmation SPEC words
 * (accountNotes.confirmCancelOrder): the pay page and the order page.
 */
export function CancelOrderButton({
  orderId,
  variant = "ghost",
  fullWidth = false,
  className,
}: {
  orderId: string;
  variant?: ButtonVariant;
  fullWidth?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const cancelOrder = useCancelOrder();
  const confirm = () => cancelOrder.mutate(orderId, { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button variant={variant} fullWidth={fullWidth} onClick={() => setOpen(true)} className={className}>
        Cancel order
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Cancel this order?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep order
            </Button>
            <Button variant="danger" loading={cancelOrder.isPending} onClick={confirm}>
              Cancel order
            </Button>
          </>
        }
      >
        <p className="text-sm text-neutral-700">{accountNotes.confirmCancelOrder}</p>
      </Dialog>
    </>
  );
}
