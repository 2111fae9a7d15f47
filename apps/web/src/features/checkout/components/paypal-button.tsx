import { PayPalButtons, PayPalScriptProvider } from "@paypal/react-paypal-js";
import { CURRENCY } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { toast } from "#web/lib/toast";
import { PAYPAL_ERROR_TOAST, useCreatePaypalOrder } from "../api/create-paypal-order";
import { usePayOrder } from "../api/pay-order";

/**
 * PayPal's buttons. The server creates the PayPal order for its own total
 * (POST /api/payments/paypal/orders); once the shopper approves it, POST /api/payments with
 * `paymentGateway: "paypal"` and the PayPal order id makes the server capture and verify it.
 * The browser never tells the server an amount.
 */
export function PaypalButton({ orderId, clientId }: { orderId: string; clientId: string }) {
  const createPaypalOrder = useCreatePaypalOrder();
  const payOrder = usePayOrder();

  return (
    <PayPalScriptProvider options={{ clientId, currency: CURRENCY, intent: "capture" }}>
      <PayPalButtons
        style={{ layout: "vertical", shape: "rect", label: "pay" }}
        disabled={payOrder.isPending}
        createOrder={async () => (await createPaypalOrder.mutateAsync(orderId)).id}
        onApprove={async (data) => {
          const payment = { order: orderId, paymentGateway: "paypal" as const, transactionId: data.orderID };
          // The call tells the shopper how it went; PayPal only waits for it to settle.
          await payOrder.mutateAsync(payment).catch(() => undefined);
        }}
        onError={() => toast.error(errors.tryAgainLaterEllipsis, { toastId: PAYPAL_ERROR_TOAST })}
      />
    </PayPalScriptProvider>
  );
}
