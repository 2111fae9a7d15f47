import { PayPalButtons, PayPalScriptProvider } from "@paypal/react-paypal-js";
import { CURRENCY } from "@shop/shared/constants";
import { errors, successes } from "@shop/shared/messages";
import { toast } from "../../../lib/toast";
import { createPaypalOrder } from "../api/create-paypal-order";
import { usePayOrder } from "../api/pay-order";

/**
 * PayPal's buttons. The server creates the PayPal order for its own total
 * (POST /api/payments/paypal/orders); once the shopper approves it, POST /api/payments with
 * `paymentGateway: "paypal"` and the PayPal order id makes the server capture and verify it.
 * The browser never tells the server an amount.
 */
export function PaypalButton({ orderId, clientId }: { orderId: string; clientId: string }) {
  const payOrder = usePayOrder();

  return (
    <PayPalScriptProvider options={{ clientId, currency: CURRENCY, intent: "capture" }}>
      <PayPalButtons
        style={{ layout: "vertical", shape: "rect", label: "pay" }}
        disabled={payOrder.isPending}
        createOrder={async () => (await createPaypalOrder(orderId)).id}
        onApprove={async (data) => {
          try {
            await payOrder.mutateAsync({
              order: orderId,
              paymentGateway: "paypal",
              transactionId: data.orderID,
            });
            toast.success(successes.orderPaid);
          } catch (error) {
            toast.error(error instanceof Error && error.message ? error.message : errors.orderOrPayment);
          }
        }}
        onError={() => toast.error(errors.orderOrPayment)}
      />
    </PayPalScriptProvider>
  );
}
