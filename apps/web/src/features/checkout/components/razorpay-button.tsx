import { paymentOptions } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useEffect, useState } from "react";
import { Button } from "#web/components/button";
import { Skeleton } from "#web/components/skeleton";
import { formatPrice } from "#web/lib/money";
import { useCreateRazorpayOrder } from "../api/create-razorpay-order";
import { useRazorpayKey } from "../api/get-razorpay-key";
import { usePayWithRazorpay } from "../api/pay-with-razorpay";

const loads = new Map<string, Promise<RazorpayCheckoutConstructor>>();

/**
 * Checkout's script, added to the page the first time the pay page asks for it and kept: no other
 * page loads it. A load that failed is forgotten (its element removed), so the next click tries again.
 */
export function loadRazorpayCheckout(url: string): Promise<RazorpayCheckoutConstructor> {
  const ready = window.Razorpay;
  if (ready) return Promise.resolve(ready);
  const loading = loads.get(url);
  if (loading) return loading;
  const script = document.createElement("script");
  script.src = url;
  script.async = true;
  const loaded = new Promise<RazorpayCheckoutConstructor>((resolve, reject) => {
    script.addEventListener("load", () => {
      const defined = window.Razorpay;
      if (defined) resolve(defined);
      else reject(new Error(`${url} defined no Razorpay`));
    });
    script.addEventListener("error", () => reject(new Error(`${url} did not load`)));
  });
  loaded.catch(() => {
    loads.delete(url);
    script.remove();
  });
  loads.set(url, loaded);
  document.head.append(script);
  return loaded;
}

/** What Checkout fills in for the shopper: the name and phone the order ships to, the account's email. */
function prefillOf(order: OrderDto): NonNullable<RazorpayCheckoutOptions["prefill"]> {
  const { name, countryCode, phoneNumber } = order.shippingAddress;
  return {
    name: fullName(name),
    ...(order.user.email ? { email: order.user.email } : {}),
    ...(phoneNumber ? { contact: `+${countryCode}${phoneNumber}` } : {}),
  };
}

type Notice = "dismissed" | "failed" | "unavailable";

const NOTICES: Record<Notice, string> = {
  dismissed: paymentOptions.razorpayDismissed,
  failed: paymentOptions.razorpayFailed,
  unavailable: paymentOptions.razorpayUnavailable,
};

/**
 * Razorpay on the pay page (an INR order, a shop with Razorpay configured): the server makes the
 * Razorpay order for its own total, Checkout opens with it and the shopper's details, and the three
 * values Checkout hands back go to POST /api/payments, where the server verifies and captures the
 * payment. Closing Checkout or a failed attempt is said under the button, which stays to try again.
 * Nothing shows when the server has no Razorpay (404).
 */
export function RazorpayButton({
  order,
  storeName,
  amount = order.totalAmount,
}: {
  order: OrderDto;
  storeName: string;
  /** What paying online charges (the server's, the online discount taken off); the order's total when absent. */
  amount?: number;
}) {
  const key = useRazorpayKey();
  const createOrder = useCreateRazorpayOrder();
  const pay = usePayWithRazorpay();
  const [opening, setOpening] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const checkoutUrl = key.data?.checkoutUrl;

  // Loaded while the shopper reads the page, so that Checkout opens at once; a failure shows on click.
  useEffect(() => {
    if (checkoutUrl) loadRazorpayCheckout(checkoutUrl).catch(() => undefined);
  }, [checkoutUrl]);

  if (key.isError) return null;
  if (!checkoutUrl) return <Skeleton className="h-32 rounded-card" />;
  const url = checkoutUrl;

  async function openCheckout() {
    setNotice(null);
    setOpening(true);
    try {
      let Razorpay: RazorpayCheckoutConstructor;
      try {
        Razorpay = await loadRazorpayCheckout(url);
      } catch {
        setNotice("unavailable");
        return;
      }
      // A refusal is told by the call's toast.
      const made = await createOrder.mutateAsync(order._id).catch(() => null);
      if (!made) return;
      const checkout = new Razorpay({
        key: made.keyId,
        order_id: made.razorpayOrderId,
        amount: made.amount,
        currency: made.currency,
        name: storeName,
        prefill: prefillOf(order),
        handler: (result) => {
          setNotice(null);
          pay.mutate({
            order: order._id,
            razorpayOrderId: result.razorpay_order_id,
            razorpayPaymentId: result.razorpay_payment_id,
            razorpaySignature: result.razorpay_signature,
          });
        },
        // Checkout stays open after a failed attempt, for another; closing it then keeps the failure said.
        modal: { ondismiss: () => setNotice((now) => (now === "failed" ? now : "dismissed")) },
      });
      checkout.on("payment.failed", () => setNotice("failed"));
      checkout.open();
    } finally {
      setOpening(false);
    }
  }

  return (
    <section
      aria-labelledby="razorpay-heading"
      className="rounded-card border border-neutral-200 bg-white p-4 sm:p-5"
    >
      <h3 id="razorpay-heading" className="text-base font-semibold text-neutral-900">
        {paymentOptions.razorpay}
      </h3>
      <Button
        size="lg"
        fullWidth
        className="mt-4"
        loading={opening || pay.isPending}
        onClick={() => void openCheckout()}
      >
        {paymentOptions.razorpayPay(formatPrice(amount, order.currency))}
      </Button>
      {notice ? (
        <p
          role={notice === "dismissed" ? "status" : "alert"}
          className={
            notice === "dismissed"
              ? "mt-3 rounded-control bg-neutral-50 px-3 py-2 text-sm text-neutral-700 ring-1 ring-neutral-200"
              : "mt-3 rounded-control bg-danger-50 px-3 py-2 text-sm text-danger-700 ring-1 ring-danger-600/20"
          }
        >
          {NOTICES[notice]}
        </p>
      ) : null}
    </section>
  );
}
