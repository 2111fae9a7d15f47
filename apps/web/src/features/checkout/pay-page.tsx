import { RAZORPAY_CURRENCY } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { isPayable } from "@shop/shared/orders";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentOptionsDto } from "@shop/shared/schemas/payment";
import type { PaymentMethod } from "@shop/shared/schemas/settings";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { buttonClasses } from "#web/components/button";
import { CancelOrderButton } from "#web/components/cancel-order-button";
import { CheckoutSteps } from "#web/components/checkout-steps";
import { ErrorState } from "#web/components/error-state";
import { OrderPayment } from "#web/components/order-payment";
import { OrderStatus } from "#web/components/order-status";
import { PlacedOrder, PlacedOrderSkeleton } from "#web/components/placed-order";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage, isApiError } from "#web/lib/api";
import { useConfig } from "#web/lib/config";
import { formatDateTime } from "#web/lib/dates";
import { useOrder } from "#web/lib/own-orders";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { usePaymentOptions } from "./api/get-payment-options";
import { usePaymentProvider } from "./api/get-payment-provider";
import { CashOnDeliveryOption } from "./components/cash-on-delivery-option";
import { PaypalButton } from "./components/paypal-button";
import { StoreCreditOption } from "./components/store-credit-option";
import { TestCardForm } from "./components/test-card-form";

// Only an INR order on a shop with Razorpay loads Checkout's code.
const RazorpayButton = lazy(() =>
  import("./components/razorpay-button").then((m) => ({ default: m.RazorpayButton })),
);

/** PayPal's buttons, once its client id is known (the test gateway answers none). */
function PaypalOption({ orderId }: { orderId: string }) {
  const provider = usePaymentProvider();
  return (
    <QueryState query={provider} loading={<Skeleton className="h-40 rounded-card" />}>
      {({ provider: name, clientId }) =>
        name === "paypal" && clientId ? <PaypalButton orderId={orderId} clientId={clientId} /> : null
      }
    </QueryState>
  );
}

function PayOption({
  method,
  order,
  storeName,
  options,
}: {
  method: PaymentMethod;
  order: OrderDto;
  storeName: string;
  options: PaymentOptionsDto | undefined;
}) {
  // What paying online charges: the server's total, the online discount taken off while COD is
  // offered, less the store credit applied to the order.
  const online = options
    ? options.storeCredit.applied > 0
      ? options.storeCredit.due
      : options.online.total
    : order.totalAmount;
  switch (method) {
    case "razorpay":
      return order.currency === RAZORPAY_CURRENCY ? (
        <Suspense fallback={<Skeleton className="h-32 rounded-card" />}>
          <RazorpayButton order={order} storeName={storeName} amount={online} />
        </Suspense>
      ) : null;
    case "paypal":
      return <PaypalOption orderId={order._id} />;
    case "test":
      return <TestCardForm orderId={order._id} amount={online} />;
    case "cod":
      return <CashOnDeliveryOption order={order} options={options} />;
  }
}

/**
 * The pay page's ways to pay, in the order the owner set (GET /api/config): Razorpay for an INR
 * order, PayPal or the test card (at the server's online total), cash on delivery as the server
 * offers it for this order (GET .../payment-options); the shopper's store credit above them, when
 * they have some; then 'Cancel order'.
 */
function PayActions({ order }: { order: OrderDto }) {
  const config = useConfig();
  const options = usePaymentOptions(order._id);
  return (
    <div className="space-y-3">
      {options.data ? <StoreCreditOption order={order} options={options.data} /> : null}
      <QueryState query={config} loading={<Skeleton className="h-80 rounded-card" />}>
        {({ paymentMethods, store }) =>
          paymentMethods.map((method) => (
            <PayOption
              key={method}
              method={method}
              order={order}
              storeName={store.name}
              options={options.data}
            />
          ))
        }
      </QueryState>
      <CancelOrderButton orderId={order._id} fullWidth className="text-neutral-600" />
    </div>
  );
}

/**
 * The pay page (SPEC section 2): the order's summary and, while it waits for a payment, the payment
 * buttons (the amount reads 'Amount paid' once the payment is completed: see PlacedOrder).
 */
export function PayPage() {
  const { orderId = "" } = useParams();
  const order = useOrder(orderId);
  const head = <PageMeta title={pageTitle("Payment")} />;

  if (order.isError) {
    const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return (
      <>
        {head}
        <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Payment</h1>
          <div className="mt-6 space-y-4">
            <ErrorState message={notFound ? errors.orderNotFound : errorMessage(order.error)} />
            <Link to="/account/profile" className={buttonClasses({ variant: "secondary" })}>
              Go to my orders
            </Link>
          </div>
        </section>
      </>
    );
  }

  const data = order.data;
  return (
    <>
      {head}
      <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <CheckoutSteps current="Payment" className="mb-6" />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
            {data && isPayable(data) ? "Pay for your order" : "Your order"}
          </h1>
          {data ? <OrderStatus order={data} /> : null}
        </div>
        {data ? (
          <p className="mt-1 flex flex-wrap gap-x-1.5 text-sm text-neutral-600">
            <span>Order #{data.number}</span>
            <span aria-hidden="true">·</span>
            <span>Placed {formatDateTime(data.createdAt)}</span>
          </p>
        ) : (
          <Skeleton className="mt-2 h-4 w-72 max-w-full" />
        )}

        {!data ? (
          <PlacedOrderSkeleton asideClassName="h-96" />
        ) : (
          <PlacedOrder
            order={data}
            payment={
              <OrderPayment
                order={data}
                payActions={<PayActions order={data} />}
                cancelledActions={
                  <Link to="/" className="mt-2 inline-block font-medium text-brand-700 hover:underline">
                    Continue shopping
                  </Link>
                }
              />
            }
          />
        )}
      </section>
    </>
  );
}
