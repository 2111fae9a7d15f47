import { ArrowLeftIcon } from "@heroicons/react/24/outline";
import { errors } from "@shop/shared/messages";
import { Link, useParams } from "react-router";
import { buttonClasses } from "#web/components/button";
import { CancelOrderButton } from "#web/components/cancel-order-button";
import { ErrorState } from "#web/components/error-state";
import { OrderPayment } from "#web/components/order-payment";
import { OrderStatus } from "#web/components/order-status";
import { PlacedOrder, PlacedOrderSkeleton } from "#web/components/placed-order";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage, isApiError } from "#web/lib/api";
import { formatDateTime } from "#web/lib/dates";
import { useOrder } from "#web/lib/own-orders";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { OrderCreditNotes } from "./components/order-credit-notes";
import { OrderReturns } from "./components/order-returns";

const MY_ORDERS = "/account/orders";

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

/**
 * One of the shopper's orders (/account/orders/{orderId}): its lines, amounts, delivery address,
 * payment and history (no staff notes: the API leaves them out); while pending, pay or cancel it;
 * once paid, download the invoice, and each refund's credit note.
 */
export function OrderPage() {
  const { orderId = "" } = useParams();
  const order = useOrder(orderId);
  const data = order.data;
  const head = <PageMeta title={pageTitle(data ? `Order #${data.number}` : "Order")} />;

  if (order.isError) {
    const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return (
      <>
        {head}
        <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <BackToOrders />
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Order</h1>
          <div className="mt-6">
            <ErrorState message={notFound ? errors.orderNotFound : errorMessage(order.error)} />
          </div>
        </section>
      </>
    );
  }

  return (
    <>
      {head}
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
          <PlacedOrderSkeleton asideClassName="h-80" />
        ) : (
          <PlacedOrder
            order={data}
            after={<OrderReturns order={data} />}
            payment={
              <section aria-labelledby="order-payment-heading" className="space-y-3">
                <h3 id="order-payment-heading" className="text-sm font-semibold text-neutral-900">
                  Payment
                </h3>
                <OrderPayment
                  order={data}
                  payActions={
                    <div className="space-y-2">
                      <Link to={`/account/pay/${data._id}`} className={buttonClasses({ fullWidth: true })}>
                        Pay now
                      </Link>
                      <CancelOrderButton orderId={data._id} variant="secondary" fullWidth />
                    </div>
                  }
                />
                <OrderCreditNotes order={data} />
              </section>
            }
          />
        )}
      </section>
    </>
  );
}
