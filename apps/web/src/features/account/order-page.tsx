import {
  ArrowDownTrayIcon,
  ArrowLeftIcon,
  CheckCircleIcon,
  ClockIcon,
  NoSymbolIcon,
} from "@heroicons/react/24/outline";
import {
  accountNotes,
  api as apiMessages,
  documents,
  errors,
  loading,
  mail,
  orderHistory,
  refunds as refundWords,
} from "@shop/shared/messages";
import { isPayable, isTaken } from "@shop/shared/orders";
import { formatPrice, fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { pageTitle } from "@shop/shared/site";
import { Link, useParams } from "react-router";
import { AddressLines } from "#web/components/address-lines";
import { buttonClasses } from "#web/components/button";
import { CancelOrderButton } from "#web/components/cancel-order-button";
import { ErrorState } from "#web/components/error-state";
import { OrderLineList, type OrderLineView } from "#web/components/order-line-list";
import { OrderStatus } from "#web/components/order-status";
import { OrderTimeline } from "#web/components/order-timeline";
import { PriceSummary } from "#web/components/price-summary";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage, isApiError, orderDocumentUrl } from "#web/lib/api";
import { formatDateTime } from "#web/lib/dates";
import { useOrder } from "#web/lib/own-orders";
import { usePageMeta } from "#web/lib/page-meta";

const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";
const MY_ORDERS = "/account/profile#orders";

function BackToOrders() {
  return (
    <Link
      to={MY_ORDERS}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      My orders
    </Link>
  );
}

function OrderPageSkeleton() {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-8">
      <span className="sr-only" role="status">
        {loading.order}
      </span>
      <div className="space-y-6">
        <Skeleton className="h-56 rounded-card" />
        <Skeleton className="h-40 rounded-card" />
      </div>
      <Skeleton className="h-80 rounded-card" />
    </div>
  );
}

/** The payment as it stands: paid (with the invoice), being confirmed, cancelled, or waiting to be paid. */
function PaymentSection({ order }: { order: OrderDto }) {
  const { payment } = order;
  if (payment && isTaken(payment.status)) {
    const gateway = payment.paymentGateway === "paypal" ? mail.gateways.paypal : mail.gateways.test;
    return (
      <div className="flex gap-3 rounded-card bg-success-50 p-4 text-sm text-success-700 ring-1 ring-success-600/20">
        <CheckCircleIcon className="size-6 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">Paid {formatPrice(payment.amount)}</p>
          <p className="mt-0.5 break-all text-success-700/90">
            {gateway} · transaction {payment.transactionId}
          </p>
          {payment.refundedAmount > 0 ? (
            <p className="mt-0.5 font-medium">
              {refundWords.refundedTotal(formatPrice(payment.refundedAmount), formatPrice(payment.amount))}
            </p>
          ) : null}
          {order.invoiceNumber ? (
            <a
              href={orderDocumentUrl(order._id, "invoice")}
              download
              className="mt-2 inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
            >
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
              {documents.downloadInvoice}
              <span className="sr-only"> {order.invoiceNumber}</span>
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
        <p>{accountNotes.orderCancelled}</p>
      </div>
    );
  }
  if (!isPayable(order)) return null;
  return (
    <div className="space-y-2">
      <Link to={`/account/pay/${order._id}`} className={buttonClasses({ fullWidth: true })}>
        Pay now
      </Link>
      <CancelOrderButton orderId={order._id} variant="secondary" fullWidth />
    </div>
  );
}

/** The lines of a placed order, as the shared line list shows them. */
function linesOf(order: OrderDto): OrderLineView[] {
  return order.products.map((line) => ({
    key: `${line.product._id}:${line.variant._id}`,
    productId: line.product._id,
    variant: line.variant,
    name: line.name,
    thumbnail: line.product.thumbnail,
    unitPrice: line.price,
    originalPrice: line.originalPrice,
    quantity: line.quantity,
    lineTotal: fromCents(toCents(line.price) * line.quantity),
  }));
}

/**
 * One of the shopper's orders (/account/orders/{orderId}): its lines, amounts, delivery address,
 * payment and history (no staff notes: the API leaves them out); while pending, pay or cancel it;
 * once paid, download the invoice.
 */
export function OrderPage() {
  const { orderId = "" } = useParams();
  const order = useOrder(orderId);
  const data = order.data;
  usePageMeta({ title: pageTitle(data ? `Order #${data.number}` : "Order") });

  if (order.isError) {
    const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return (
      <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <BackToOrders />
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Order</h1>
        <div className="mt-6">
          <ErrorState message={notFound ? errors.orderNotFound : errorMessage(order.error)} />
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <BackToOrders />
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
          {data ? `Order #${data.number}` : "Order"}
        </h1>
        {data ? <OrderStatus order={data} /> : null}
      </div>
      {data ? (
        <p className="mt-1 text-sm text-neutral-600">Placed {formatDateTime(data.createdAt)}</p>
      ) : (
        <Skeleton className="mt-2 h-4 w-56 max-w-full" />
      )}

      {!data ? (
        <OrderPageSkeleton />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start lg:gap-8">
          <div className="space-y-6">
            <section aria-labelledby="order-products-heading" className={cardClass}>
              <h2 id="order-products-heading" className="text-lg font-semibold text-neutral-900">
                Products
              </h2>
              <OrderLineList lines={linesOf(data)} label="Products in this order" />
            </section>
            <section aria-labelledby="order-address-heading" className={cardClass}>
              <h2 id="order-address-heading" className="text-lg font-semibold text-neutral-900">
                Delivery address
              </h2>
              <AddressLines address={data.shippingAddress} className="mt-3" />
            </section>
            <section aria-labelledby="order-history-heading" className={cardClass}>
              <h2 id="order-history-heading" className="text-lg font-semibold text-neutral-900">
                {orderHistory.title}
              </h2>
              <OrderTimeline history={data.history} className="mt-4" />
            </section>
          </div>

          <aside
            aria-labelledby="order-summary-heading"
            className={`${cardClass} order-first space-y-5 lg:sticky lg:top-24 lg:order-last`}
          >
            <h2 id="order-summary-heading" className="text-lg font-semibold text-neutral-900">
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
              totalLabel={data.payment && isTaken(data.payment.status) ? "Amount paid" : "Total"}
            />
            <section aria-labelledby="order-payment-heading" className="space-y-3">
              <h3 id="order-payment-heading" className="text-sm font-semibold text-neutral-900">
                Payment
              </h3>
              <PaymentSection order={data} />
            </section>
          </aside>
        </div>
      )}
    </section>
  );
}
