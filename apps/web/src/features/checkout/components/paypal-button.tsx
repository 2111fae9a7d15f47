import { accountNotes, errors } from "@shop/shared/messages";
import { useState } from "react";
import { toast } from "react-toastify";
import { Spinner } from "../../../components/spinner";
import { useCreatePaypalOrder } from "../api/create-paypal-order";

/**
 * The PayPal button area. The server creates the PayPal order for its own total
 * (POST /api/payments/paypal/orders); once the shopper approves it, POST /api/payments with
 * `paymentGateway: "paypal"` and the PayPal order id captures it (see api/pay-order.ts).
 *
 * NOTE: the approval step needs PayPal's buttons (@paypal/react-paypal-js, DESIGN.md section 2),
 * which is not installed yet. Until it is, this area creates the PayPal order and says that the
 * payment cannot be completed here; the test gateway, the default without PayPal credentials, is
 * unaffected.
 */
export function PaypalButton({ orderId }: { orderId: string }) {
  const createOrder = useCreatePaypalOrder();
  const [unavailable, setUnavailable] = useState(false);

  const start = () =>
    createOrder.mutate(orderId, {
      onSuccess: () => setUnavailable(true),
      onError: (error) => toast.error(error.message || errors.orderOrPayment),
    });

  return (
    <div className="space-y-3">
      {/* PayPal's own yellow, as its brand guidelines ask for the button. */}
      <button
        type="button"
        onClick={start}
        disabled={createOrder.isPending}
        aria-busy={createOrder.isPending || undefined}
        className="flex h-12 w-full items-center justify-center gap-2 rounded-control bg-[#ffc439] text-base font-semibold text-[#003087] shadow-sm hover:bg-[#f2ba36] disabled:cursor-wait disabled:opacity-70"
      >
        {createOrder.isPending ? <Spinner className="size-4" /> : null}
        Pay with PayPal
      </button>
      <div role="status">
        {unavailable ? <p className="text-sm text-neutral-700">{accountNotes.paypalUnavailable}</p> : null}
      </div>
    </div>
  );
}
