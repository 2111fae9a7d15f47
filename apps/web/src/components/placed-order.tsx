import { loading, orderHistory, shipmentWords } from "@shop/shared/messages";
import { isTaken } from "@shop/shared/orders";
import { fromCents, oneTaxRate, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { type ReactNode, useId } from "react";
import { cx } from "../lib/cx";
import { creditPart } from "../lib/payment-words";
import { AddressLines } from "./address-lines";
import { OrderLineList, type OrderLineView } from "./order-line-list";
import { OrderShipments } from "./order-shipments";
import { OrderTimeline } from "./order-timeline";
import { PriceSummary } from "./price-summary";
import { Skeleton } from "./skeleton";

const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";

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
 * One of the shopper's placed orders, on the pay page and the order page: its products, delivery
 * address and history beside the order summary, whose total reads 'Amount paid' once the payment is
 * taken (SPEC section 4), and under it the page's `payment` block.
 */
export function PlacedOrder({
  order,
  payment,
  after,
}: {
  order: OrderDto;
  payment: ReactNode;
  /** What the page shows under the shipments (the order page: returns). */
  after?: ReactNode;
}) {
  const id = useId();
  const paid = !!order.payment && isTaken(order.payment.status);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start lg:gap-8">
      <div className="space-y-6">
        <section aria-labelledby={`${id}-products`} className={cardClass}>
          <h2 id={`${id}-products`} className="text-lg font-semibold text-neutral-900">
            Products
          </h2>
          <OrderLineList lines={linesOf(order)} label="Products in this order" currency={order.currency} />
        </section>
        <section aria-labelledby={`${id}-address`} className={cardClass}>
          <h2 id={`${id}-address`} className="text-lg font-semibold text-neutral-900">
            Delivery address
          </h2>
          <AddressLines address={order.shippingAddress} className="mt-3" />
        </section>
        {order.shipments.length > 0 ? (
          <section aria-labelledby={`${id}-shipments`} className={cardClass}>
            <h2 id={`${id}-shipments`} className="text-lg font-semibold text-neutral-900">
              {shipmentWords.title}
            </h2>
            <OrderShipments order={order} />
          </section>
        ) : null}
        {after}
        <section aria-labelledby={`${id}-history`} className={cardClass}>
          <h2 id={`${id}-history`} className="text-lg font-semibold text-neutral-900">
            {orderHistory.title}
          </h2>
          <OrderTimeline history={order.history} currency={order.currency} className="mt-4" />
        </section>
      </div>

      {/* On a phone the amount and the payment come first: paying, or what was paid, is what the shopper came for. */}
      <aside
        aria-labelledby={`${id}-summary`}
        className={`${cardClass} order-first space-y-5 lg:sticky lg:top-24 lg:order-last`}
      >
        <h2 id={`${id}-summary`} className="text-lg font-semibold text-neutral-900">
          Order summary
        </h2>
        <PriceSummary
          itemsPrice={order.subTotal}
          shippingPrice={order.shippingAmount}
          shippingMethod={order.shippingMethod.name}
          taxPrice={order.taxAmount}
          totalPrice={order.totalAmount}
          discountPrice={order.savedAmount}
          discountAmount={order.discountAmount}
          discountCode={order.discountCode}
          codFee={order.codFee}
          onlineDiscount={order.onlineDiscount}
          // The pay page's store credit option says what is left to pay; once paid, the summary does.
          storeCredit={paid ? creditPart(order) : null}
          taxIncluded={order.pricesIncludeTax}
          taxRate={oneTaxRate(
            order.products.map((line) => ({ rate: line.taxRate, quantity: line.quantity })),
          )}
          totalLabel={paid ? "Amount paid" : "Total"}
          currency={order.currency}
        />
        {payment}
      </aside>
    </div>
  );
}

/** PlacedOrder while the order loads; `asideClassName` sizes the summary to the page's payment block. */
export function PlacedOrderSkeleton({ asideClassName }: { asideClassName: string }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-8">
      <span className="sr-only" role="status">
        {loading.order}
      </span>
      <div className="space-y-6">
        <Skeleton className="h-56 rounded-card" />
        <Skeleton className="h-40 rounded-card" />
      </div>
      <Skeleton className={cx("rounded-card", asideClassName)} />
    </div>
  );
}
