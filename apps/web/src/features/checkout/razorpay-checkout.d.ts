/**
 * The part of Razorpay Checkout's script (checkout.js) the pay page uses: the global it defines, the
 * options it opens with, and what it hands back. Razorpay documents them under "Standard Checkout".
 */

/** What Checkout's handler receives once the shopper has paid: the server verifies all three. */
interface RazorpayCheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What `payment.failed` carries: Razorpay's words, for the log; the shopper reads the shop's. */
interface RazorpayCheckoutFailure {
  error: {
    code: string;
    description: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  /** In the currency's smallest unit (paise). */
  amount: number;
  currency: string;
  /** The shop's name, at the top of Checkout. */
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  handler: (response: RazorpayCheckoutSuccess) => void;
  modal?: { ondismiss?: () => void };
}

interface RazorpayCheckout {
  open(): void;
  on(event: "payment.failed", listener: (response: RazorpayCheckoutFailure) => void): void;
}

type RazorpayCheckoutConstructor = new (options: RazorpayCheckoutOptions) => RazorpayCheckout;

interface Window {
  /** Defined by Checkout's script once it has run; absent on every page that did not load it. */
  Razorpay?: RazorpayCheckoutConstructor;
}
