import {
  ArrowDownTrayIcon,
  ArrowTopRightOnSquareIcon,
  CubeIcon,
  RocketLaunchIcon,
} from "@heroicons/react/20/solid";
import {
  cashOnDelivery,
  codConfirmation,
  documents,
  errors,
  loading,
  mail,
  messageLog,
  orderAmounts,
  orderHistory,
  orderSummary,
  refunds as refundWords,
  shipmentWords,
  shiprocketShip,
  storeCreditPay,
} from "@shop/shared/messages";
import { actorText } from "@shop/shared/orders";
import { fromCents, oneTaxRate, toCents } from "@shop/shared/pricing";
import type { OrderDto, RefundDto } from "@shop/shared/schemas/order";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { DocumentLink } from "#web/components/document-link";
import { ErrorState } from "#web/components/error-state";
import { MediaImage } from "#web/components/media-image";
import { formatOptionValues } from "#web/components/option-values";
import { OrderStatus } from "#web/components/order-status";
import { OrderTimeline } from "#web/components/order-timeline";
import { PageSpinner } from "#web/components/spinner";
import { StatusBadge } from "#web/components/status-badge";
import { creditNoteUrl, isApiError, orderDocumentUrl } from "#web/lib/api";
import { useConfig } from "#web/lib/config";
import { formatDateTime } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";
import { creditPart, paymentMethodName, tenderName } from "#web/lib/payment-words";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { MessageLogSkeleton } from "../messages/components/message-log-skeleton";
import { useOrder } from "./api/get-order";
import { CollectCashButton } from "./components/collect-cash-button";
import { awaitsConfirmation, ConfirmCodButton } from "./components/confirm-cod-button";
import { ShipmentList } from "./components/shipment-list";
import { canRefund, canShip } from "./order-actions";

// Below the fold, or shown only when staff open them: their code (forms, validation) is fetched
// after the order is on screen, or on the click.
const NoteForm = lazy(() => import("./components/note-form").then((m) => ({ default: m.NoteForm })));
const OrderStatusDialog = lazy(() =>
  import("./components/order-status-dialog").then((m) => ({ default: m.OrderStatusDialog })),
);
const ShipDialog = lazy(() => import("./components/ship-dialog").then((m) => ({ default: m.ShipDialog })));
const ShiprocketShipDialog = lazy(() =>
  import("./components/shiprocket-ship-dialog").then((m) => ({ default: m.ShiprocketShipDialog })),
);
const RefundDialog = lazy(() =>
  import("./components/refund-dialog").then((m) => ({ default: m.RefundDialog })),
);
const MessageLog = lazy(() =>
  import("../messages/components/message-log").then((m) => ({ default: m.MessageLog })),
);

/** /dashboard/orders/order/{orderId}: the order and its status dialog (SPEC section 2). */
export function OrderPage() {
  const { orderId = "" } = useParams();
  const query = useOrder(orderId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [shipOpen, setShipOpen] = useState(false);
  const [shiprocketOpen, setShiprocketOpen] = useState(false);
  // Shiprocket's booking is offered once the shop is connected to it (SHIPROCKET_* set on the server).
  const shiprocket = useConfig().data?.shiprocket === true;
  // "button": the Refund button's dialog; "status": the one "Refunded" in the status dialog leads to.
  const [refundOpen, setRefundOpen] = useState<false | "button" | "status">(false);
  const order = query.data;

  let body: ReactNode;
  if (query.isPending) body = <PageSpinner label={loading.order} />;
  else if (query.isError || !order) {
    const notFound = !isApiError(query.error) || query.error.status === 404 || query.error.status === 400;
    body = <ErrorState message={notFound ? errors.orderNotFound : query.error.message} />;
  } else {
    body = <OrderDetails order={order} onRefund={() => setRefundOpen("button")} />;
  }

  return (
    <>
      <SectionHeader
        title="Order"
        action={
          order ? (
            <div className="flex flex-wrap gap-2">
              {/* With Shiprocket there are three actions: below 640 px both ship buttons show their icon alone. */}
              {canShip(order) && shiprocket ? (
                <Button size="sm" title={shiprocketShip.action} onClick={() => setShiprocketOpen(true)}>
                  <RocketLaunchIcon className="size-4" aria-hidden="true" />
                  <span className="max-sm:sr-only">{shiprocketShip.action}</span>
                </Button>
              ) : null}
              {canShip(order) && shiprocket ? (
                <Button
                  size="sm"
                  variant="secondary"
                  title={shipmentWords.shipItems}
                  onClick={() => setShipOpen(true)}
                >
                  <CubeIcon className="size-4" aria-hidden="true" />
                  <span className="max-sm:sr-only">{shipmentWords.shipItems}</span>
                </Button>
              ) : canShip(order) ? (
                <Button size="sm" onClick={() => setShipOpen(true)}>
                  {shipmentWords.shipItems}
                </Button>
              ) : null}
              <Button
                size="sm"
                variant={canShip(order) ? "secondary" : "primary"}
                onClick={() => setDialogOpen(true)}
              >
                Change status
              </Button>
            </div>
          ) : null
        }
      />
      <SectionBody>
        {query.isPending ? <p className="text-sm text-neutral-600">{loading.order}</p> : null}
        {body}
      </SectionBody>
      {/* The dialogs' code comes on their first opening: nothing shows meanwhile. */}
      <Suspense fallback={null}>
        {/* Mounted while open, so that each opening starts from the order's current status. */}
        {order && dialogOpen ? (
          <OrderStatusDialog
            order={order}
            open
            onClose={() => setDialogOpen(false)}
            onRefund={
              canRefund(order)
                ? () => {
                    setDialogOpen(false);
                    setRefundOpen("status");
                  }
                : undefined
            }
          />
        ) : null}
        {order && shipOpen ? <ShipDialog order={order} onClose={() => setShipOpen(false)} /> : null}
        {order && shiprocketOpen ? (
          <ShiprocketShipDialog order={order} onClose={() => setShiprocketOpen(false)} />
        ) : null}
        {order && refundOpen ? (
          <RefundDialog
            order={order}
            byStatus={refundOpen === "status"}
            onClose={() => setRefundOpen(false)}
          />
        ) : null}
      </Suspense>
    </>
  );
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className={strong ? "font-semibold text-neutral-900" : "text-neutral-600"}>{label}</dt>
      <dd
        className={strong ? "font-semibold text-neutral-900 tabular-nums" : "text-neutral-900 tabular-nums"}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * What the order cost, in its own currency, as lines that add up to its total: the items at their
 * prices before the sale, then what the sale and a code took off (each with its minus), shipping,
 * the GST when it was added to the prices, the COD fee. With prices that include GST, the tax is
 * said under the total ("Includes ₹10.43 GST"), as the shopper's summary says it.
 */
function OrderAmounts({ order }: { order: OrderDto }) {
  const money = (amount: number) => formatPrice(amount, order.currency);
  const taxRate = oneTaxRate(order.products.map((line) => ({ rate: line.taxRate, quantity: line.quantity })));
  const beforeSale = fromCents(toCents(order.subTotal) + toCents(order.savedAmount));
  const credit = creditPart(order);
  return (
    <dl className="text-sm">
      <Amount label={orderAmounts.items} value={money(beforeSale)} />
      {order.savedAmount > 0 ? (
        <Amount label={orderAmounts.saved} value={`−${money(order.savedAmount)}`} />
      ) : null}
      {order.discountAmount > 0 ? (
        <Amount label={orderAmounts.discount(order.discountCode)} value={`−${money(order.discountAmount)}`} />
      ) : null}
      {order.onlineDiscount > 0 ? (
        <Amount label={codConfirmation.onlineDiscountLine} value={`−${money(order.onlineDiscount)}`} />
      ) : null}
      <Amount label={orderAmounts.shipping} value={money(order.shippingAmount)} />
      {order.pricesIncludeTax ? null : (
        <Amount
          label={taxRate === null ? orderSummary.taxAtRates : orderSummary.taxAt(taxRate)}
          value={money(order.taxAmount)}
        />
      )}
      {order.codFee > 0 ? <Amount label={cashOnDelivery.feeLine} value={money(order.codFee)} /> : null}
      <div className="mt-1.5 border-t border-neutral-200 pt-1.5">
        <Amount label={orderAmounts.total} value={money(order.totalAmount)} strong />
      </div>
      {order.pricesIncludeTax && order.taxAmount > 0 ? (
        <div className="text-right text-xs text-neutral-500">
          <dt className="sr-only">{orderSummary.taxAtRates}</dt>
          <dd className="tabular-nums">{orderSummary.includesTax(money(order.taxAmount))}</dd>
        </div>
      ) : null}
      {credit ? (
        <>
          <Amount label={storeCreditPay.line} value={`−${money(credit.credit)}`} />
          {credit.rest.map((line) => (
            <Amount key={line.label} label={line.label} value={money(line.amount)} />
          ))}
        </>
      ) : null}
    </dl>
  );
}

/**
 * The order's documents: its invoice once it has its number (at payment, or for cash on delivery
 * with its first parcel, decision 025), and its packing slip then or, for a cash on delivery order
 * being prepared, before it (it is packed first).
 */
function DocumentLinks({ order }: { order: OrderDto }) {
  const toPack = order.cashOnDelivery !== null && order.status === "processing";
  const links = [
    { document: "invoice", label: documents.invoice, shown: order.invoiceNumber !== null },
    { document: "packing-slip", label: documents.packingSlip, shown: order.invoiceNumber !== null || toPack },
  ] as const;
  return links
    .filter((link) => link.shown)
    .map(({ document, label }) => (
      <DocumentLink
        key={document}
        href={orderDocumentUrl(order._id, document)}
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        <ArrowDownTrayIcon className="mr-1.5 size-4" aria-hidden="true" />
        {label}
      </DocumentLink>
    ));
}

interface OrderDetailsProps {
  order: OrderDto;
  onRefund: () => void;
}

function OrderDetails({ order, onRefund }: OrderDetailsProps) {
  const address = order.shippingAddress;
  const money = (amount: number) => formatPrice(amount, order.currency);
  return (
    <>
      <SectionCard title={`Order #${order.number}`}>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <div className="flex items-center gap-2">
            <span className="text-neutral-600">Status</span>
            <OrderStatus order={order} />
          </div>
          <p className="font-mono text-xs break-all text-neutral-500">{order._id}</p>
          <p className="text-neutral-600">
            Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
          <p className="text-neutral-600">
            By {order.user.name.firstName} {order.user.name.lastName}
            {order.user.email !== null ? ` (${order.user.email})` : null}
          </p>
          {awaitsConfirmation(order) ? (
            <p className="w-full text-neutral-600">{codConfirmation.awaitingHint}</p>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <DocumentLinks order={order} />
            {/* Cash on delivery: staff confirm by phone an order its shopper has not confirmed yet. */}
            <ConfirmCodButton order={order} />
            {/* Cash on delivery: admins and managers record the cash once the order is delivered. */}
            <CollectCashButton order={order} />
            {/* Only an admin sees the payment (a manager's read carries none), and so only an admin can refund. */}
            {canRefund(order) ? (
              <Button variant="secondary" size="sm" onClick={onRefund}>
                {refundWords.refund}
              </Button>
            ) : null}
          </div>
        </div>
      </SectionCard>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div className="space-y-6">
            <SectionCard title="Items">
              <ul className="divide-y divide-neutral-100">
                {order.products.map((line) => (
                  <li key={line.variant._id} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
                    {line.product.thumbnail ? (
                      <MediaImage
                        media={line.product.thumbnail}
                        alt=""
                        sizes="56px"
                        className="size-14 shrink-0 rounded-control bg-neutral-100 object-cover"
                      />
                    ) : (
                      <span className="size-14 shrink-0 rounded-control bg-neutral-100" />
                    )}
                    <div className="min-w-0 flex-1">
                      <Link
                        to={`/product/${line.product._id}`}
                        target="_blank"
                        rel="noopener"
                        className="inline-flex items-center gap-1 font-medium text-neutral-900 hover:text-brand-700"
                      >
                        {line.name}
                        <ArrowTopRightOnSquareIcon className="size-4 text-neutral-400" aria-hidden="true" />
                      </Link>
                      {Object.keys(line.variant.options).length > 0 ? (
                        <>
                          <p className="text-sm text-neutral-700">
                            {formatOptionValues(line.variant.options)}
                          </p>
                          <p className="font-mono text-xs break-all text-neutral-500">
                            SKU {line.variant.sku}
                          </p>
                        </>
                      ) : null}
                      <p className="text-sm text-neutral-600 tabular-nums">
                        {line.quantity} × {money(line.price)}
                        {line.savedAmount > 0 ? ` (saved ${money(line.savedAmount)})` : ""}
                      </p>
                    </div>
                    <p className="font-medium text-neutral-900 tabular-nums">
                      {money(fromCents(toCents(line.price) * line.quantity))}
                    </p>
                  </li>
                ))}
              </ul>
            </SectionCard>
            <SectionCard title={shipmentWords.title}>
              <ShipmentList order={order} />
            </SectionCard>
            <SectionCard title={orderHistory.title}>
              <OrderTimeline history={order.history} currency={order.currency} />
              {/* The form's height while its code comes, so that nothing below it moves. */}
              <Suspense fallback={<div className="mt-5 h-48 border-t border-neutral-100" />}>
                <NoteForm orderId={order._id} />
              </Suspense>
            </SectionCard>
            {/* Below the fold: the emails and WhatsApp messages the order was sent, asked once on screen. */}
            <SectionCard title={messageLog.title}>
              <Suspense fallback={<MessageLogSkeleton />}>
                <MessageLog filter={{ order: order._id }} />
              </Suspense>
            </SectionCard>
          </div>
        </div>
        <div className="space-y-6">
          <SectionCard title={orderAmounts.title}>
            <OrderAmounts order={order} />
          </SectionCard>
          <SectionCard title="Shipping address">
            <address className="text-sm leading-6 text-neutral-700 not-italic">
              <span className="font-medium text-neutral-900">
                {address.name.firstName} {address.name.lastName}
              </span>
              <br />
              {address.building}, {address.street}
              <br />
              {address.city}, {address.state} {address.pinCode}
              <br />
              {address.country}
              <br />
              {address.phoneNumber !== null ? (
                <a
                  href={`tel:+${address.countryCode}${address.phoneNumber}`}
                  className="text-brand-700 hover:underline"
                >
                  +{address.countryCode} {address.phoneNumber}
                </a>
              ) : null}
              {address.gstin ? <span className="block">{documents.gstin(address.gstin)}</span> : null}
            </address>
          </SectionCard>
          {/* Managers are not shown customers' contact details or payments (email withheld as null). */}
          {order.user.email === null ? null : (
            <SectionCard title="Payment">
              {order.payment ? (
                <dl className="text-sm">
                  <div className="flex justify-between gap-4 py-1.5">
                    <dt className="text-neutral-600">Status</dt>
                    <dd>
                      <StatusBadge kind="payment" status={order.payment.status} />
                    </dd>
                  </div>
                  {order.payment.tenders.length > 1 ? (
                    // Paid in parts (store credit and a provider): each part with what it took.
                    order.payment.tenders.map((tender) => (
                      <Amount key={tender.kind} label={tenderName(tender)} value={money(tender.amount)} />
                    ))
                  ) : (
                    <>
                      <Amount label="Gateway" value={mail.gateways[order.payment.paymentGateway]} />
                      {order.payment.method ? (
                        <Amount label="Method" value={paymentMethodName(order.payment.method)} />
                      ) : null}
                    </>
                  )}
                  <Amount label="Amount" value={money(order.payment.amount)} />
                  <div className="pt-1.5">
                    <dt className="text-neutral-600">Transaction</dt>
                    <dd className="font-mono text-xs break-all text-neutral-900">
                      {order.payment.transactionId}
                    </dd>
                  </div>
                  {order.payment.refunds.length > 0 ? (
                    <RefundList order={order} payment={order.payment} />
                  ) : null}
                </dl>
              ) : (
                <p className="text-sm text-neutral-600">Not paid yet.</p>
              )}
            </SectionCard>
          )}
        </div>
      </div>
    </>
  );
}

/** What a credit note gave back, briefly: "2 × Shirt, Shipping". */
function creditNoteLines(order: OrderDto, refund: RefundDto): string {
  return refund.lines
    .map((line) => {
      if (line.kind === "shipping") return refundWords.creditShipping;
      if (line.kind === "cod_fee") return refundWords.creditCodFee;
      const name = order.products.find((item) => item._id === line.line)?.name ?? "";
      return line.quantity > 0 ? refundWords.creditLine(line.quantity, name) : refundWords.creditValue(name);
    })
    .join(", ");
}

/**
 * The refunds of the payment, each with its reason, the reference of money given back by hand, who
 * made it, what its credit note gave back and a link to it.
 */
function RefundList({ order, payment }: { order: OrderDto; payment: NonNullable<OrderDto["payment"]> }) {
  const orderId = order._id;
  const money = (amount: number) => formatPrice(amount, order.currency);
  return (
    <div className="mt-3 border-t border-neutral-200 pt-3">
      <dt className="font-medium text-neutral-900">{refundWords.listTitle}</dt>
      <dd className="mt-1 text-neutral-700 tabular-nums">
        {refundWords.refundedTotal(money(payment.refundedAmount), money(payment.amount))}
      </dd>
      <dd>
        <ul className="mt-2 space-y-3">
          {payment.refunds.map((refund) => (
            <li key={refund._id} className="text-sm">
              <p className="flex justify-between gap-3">
                <span className="font-medium text-neutral-900 tabular-nums">{money(refund.amount)}</span>
                <time dateTime={refund.at} className="text-neutral-500">
                  {formatDateTime(refund.at)}
                </time>
              </p>
              <p className="text-neutral-700">{refund.reason}</p>
              {refund.moneyBack ? null : (
                <p className="text-xs text-neutral-600">{refundWords.noMoneyBack}</p>
              )}
              {refund.reference ? (
                <p className="text-xs break-words text-neutral-600">
                  {documents.refundReference(refund.reference)}
                </p>
              ) : null}
              <p className="text-xs text-neutral-500">
                {refund.by ? actorText(refund.by) : refundWords.byProvider}
              </p>
              {refund.lines.length > 0 ? (
                <p className="text-xs text-neutral-600">{creditNoteLines(order, refund)}</p>
              ) : null}
              <DocumentLink
                href={creditNoteUrl(orderId, refund._id)}
                className="mt-1 inline-flex items-center gap-1 text-brand-700 hover:underline"
              >
                <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
                {refundWords.creditNote(refund.creditNoteNumber)}
              </DocumentLink>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
