import { ArrowDownTrayIcon, CheckCircleIcon, ClockIcon, NoSymbolIcon } from "@heroicons/react/24/outline";
import {
  accountNotes,
  api as apiMessages,
  documents,
  errors,
  loading,
  orderHistory,
} from "@shop/shared/messages";
import { isPayable, isTaken } from "@shop/shared/orders";
import { formatPrice, fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { pageTitle } from "@shop/shared/site";
import { Link, useParams } from "react-router";
import { AddressLines } from "#web/components/address-lines";
import { buttonClasses } from "#web/components/button";
import { CancelOrderButton } from "#web/components/cancel-order-button";
import { CheckoutSteps } from "#web/components/checkout-steps";
import { ErrorState } from "#web/components/error-state";
import { OrderLineList } from "#web/components/order-line-list";
import { OrderStatus } from "#web/components/order-status";
import { OrderTimeline } from "#web/components/order-timeline";
import { PriceSummary } from "#web/components/price-summary";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage, isApiError, orderDocumentUrl } from "#web/lib/api";
import { formatDateTime } from "#web/lib/dates";
import { useOrder } from "#web/lib/own-orders";
import { usePageMeta } from "#web/lib/page-meta";
import { usePaymentProvider } from "./api/get-payment-provider";
import { PaypalButton } from "./components/paypal-button";
import { TestCardForm } from "./components/test-card-form";

const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";

function PayPageSkeleton() {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-8">
      <span className="sr-only" role="status">
        {loading.order}
      </span>
      <div className="space-y-6">
        <Skeleton className="h-56 rounded-card" />
        <Skeleton className="h-40 rounded-card" />
      </div>
      <Skeleton className="h-96 rounded-card" />
    </div>
  );
}

/** How the order stands with its payment: paid, being confirmed, cancelled, or the payment buttons. */
function PaymentPanel({ order }: { order: OrderDto }) {
  const provider = usePaymentProvider();
  const { payment } = order;

  if (payment && isTaken(payment.status)) {
    return (
      <div className="flex gap-3 rounded-card bg-success-50 p-4 text-sm text-success-700 ring-1 ring-success-600/20">
        <CheckCircleIcon className="size-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Paid {formatPrice(payment.amount)}</p>
          <p className="mt-0.5 break-all text-success-700/90">
            {payment.paymentGateway === "paypal" ? "PayPal" : "Test card"} · transaction{" "}
            {payment.transactionId}
          </p>
          {order.invoiceNumber ? (
            <a
              href={orderDocumentUrl(order._id, "invoice")}
              download
              className="mt-2 inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
            >
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
              {documents.downloadInvoice}
            </a>
          ) : null}
        </div>
      </div>
    );
  }
  if (payment !== null) {
    return (
      <div className="flex gap-3 rounded-card bg-brand-50 p-4 text-sm text-brand-800 ring-1 ring-brand-600/20">
        <ClockIcon className="size-6 shrink-0" aria-hidden="true" />
        <p>{apiMessages.paymentPending}</p>
      </div>
    );
  }
  if (order.status === "cancelled") {
    return (
      <div className="flex gap-3 rounded-card bg-neutral-100 p-4 text-sm text-neutral-700 ring-1 ring-neutral-200">
        <NoSymbolIcon className="size-6 shrink-0 text-neutral-500" aria-hidden="true" />
        <div>
          <p>{accountNotes.orderCancelled}</p>
          <Link to="/" className="mt-2 inline-block font-medium text-brand-700 hover:underline">
            Continue shopping
          </Link>
        </div>
      </div>
    );
  }
  if (!isPayable(order)) return null;

  return (
    <div className="space-y-3">
      <QueryState query={provider} loading={<Skeleton className="h-80 rounded-card" />}>
        {({ provider: name, clientId }) =>
          name === "paypal" && clientId ? (
            <PaypalButton orderId={order._id} clientId={clientId} />
          ) : (
            <TestCardForm orderId={order._id} amount={order.totalAmount} />
          )
        }
      </QueryState>
      <CancelOrderButton orderId={order._id} fullWidth className="text-neutral-600" />
    </div>
  );
}

/**
 * The pay page (SPEC section 2): the order's summary and, while it waits for a payment, the payment
 * buttons. The amount reads 'Amount paid' once the payment is completed.
 */
export function PayPage() {
  const { orderId = "" } = useParams();
  const order = useOrder(orderId);
  usePageMeta({ title: pageTitle("Payment") });

  if (order.isError) {
    const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return (
      <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Payment</h1>
        <div className="mt-6 space-y-4">
          <ErrorState message={notFound ? errors.orderNotFound : errorMessage(order.error)} />
          <Link to="/account/profile" className={buttonClasses({ variant: "secondary" })}>
            Go to my orders
          </Link>
        </div>
      </section>
    );
  }

  const data = order.data;
  const paid = !!data?.payment && isTaken(data.payment.status);
  const lines =
    data?.products.map((line) => ({
      key: `${line.product._id}:${line.variant._id}`,
      productId: line.product._id,
      variant: line.variant,
      name: line.name,
      thumbnail: line.product.thumbnail,
      unitPrice: line.price,
      originalPrice: line.originalPrice,
      quantity: line.quantity,
      lineTotal: fromCents(toCents(line.price) * line.quantity),
    })) ?? [];

  return (
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
        <PayPageSkeleton />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start lg:gap-8">
          <div className="space-y-6">
            <section aria-labelledby="pay-products-heading" className={cardClass}>
              <h2 id="pay-products-heading" className="text-lg font-semibold text-neutral-900">
                Products
              </h2>
              <OrderLineList lines={lines} label="Products in this order" />
            </section>
            <section aria-labelledby="pay-address-heading" className={cardClass}>
              <h2 id="pay-address-heading" className="text-lg font-semibold text-neutral-900">
                Delivery address
              </h2>
              <AddressLines address={data.shippingAddress} className="mt-3" />
            </section>
            <section aria-labelledby="pay-history-heading" className={cardClass}>
              <h2 id="pay-history-heading" className="text-lg font-semibold text-neutral-900">
                {orderHistory.title}
              </h2>
              <OrderTimeline history={data.history} className="mt-4" />
            </section>
          </div>

          {/* On a phone the amount and the payment come first: paying is what this page is for. */}
          <aside
            aria-labelledby="pay-summary-heading"
            className={`${cardClass} order-first space-y-5 lg:sticky lg:top-24 lg:order-last`}
          >
            <h2 id="pay-summary-heading" className="text-lg font-semibold text-neutral-900">
              Order summary
            </h2>
            <PriceSummary
              itemsPrice={data.subTotal}
              shippingPrice={data.shippingAmount}
              taxPrice={data.taxAmount}
              totalPrice={data.totalAmount}
              discountPrice={data.savedAmount}
              discountAmount={data.discountAmount}
              discountCode={data.discountCode}
              totalLabel={paid ? "Amount paid" : "Total"}
            />
            <PaymentPanel order={data} />
          </aside>
        </div>
      )}
    </section>
  );
}
