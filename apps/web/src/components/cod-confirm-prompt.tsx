import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { codConfirmation } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useId } from "react";
import { useConfig } from "../lib/config";
import { formatDateTime } from "../lib/dates";
import { useConfirmCod } from "../lib/own-orders";
import { Button } from "./button";

/**
 * "Awaiting your confirmation" on the shopper's pages while their cash on delivery order waits for
 * it: by when it must be confirmed (the owner's hours after it was placed) and the Confirm button,
 * which confirms it as the email's link does (the order is read again after).
 */
export function CodConfirmPrompt({ order }: { order: OrderDto }) {
  const id = useId();
  const confirm = useConfirmCod();
  const hours = useConfig().data?.cod.confirmHours;
  const deadline =
    hours === undefined
      ? null
      : formatDateTime(new Date(Date.parse(order.createdAt) + hours * 60 * 60_000).toISOString());
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex gap-3 rounded-card bg-warning-50 p-4 text-sm text-warning-700 ring-1 ring-warning-600/30"
    >
      <ExclamationTriangleIcon className="size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 id={`${id}-title`} className="font-semibold text-neutral-900">
          {codConfirmation.awaitingYours}
        </h3>
        <p className="mt-0.5 min-h-10 text-neutral-700">
          {deadline ? codConfirmation.awaitingYoursHint(deadline) : null}
        </p>
        <Button
          className="mt-3"
          fullWidth
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ orderId: order._id })}
        >
          {codConfirmation.confirm}
        </Button>
      </div>
    </section>
  );
}
