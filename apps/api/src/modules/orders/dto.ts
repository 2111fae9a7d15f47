import type { PaymentState, Role } from "@shop/shared/constants";
import { isStaff, type SignedInViewer, seesCustomerDetails } from "@shop/shared/roles";
import type {
  ActorDto,
  OrderDto,
  OrderEventDto,
  OrderReturnDto,
  OrderSummaryDto,
  RefundDto,
  ShipmentDto,
} from "@shop/shared/schemas/order";
import { tendersOf } from "@shop/shared/tenders";
import type { OrderEvent } from "#api/db/schema/orders";
import type { Refund, RefundLine } from "#api/db/schema/refunds";
import { toMediaDto } from "#api/modules/media/dto";
import { toUserSummary } from "#api/modules/users/dto";
import type { OrderLineRow, OrderRow } from "./repo";
import type { ReturnWithLines } from "./repo-returns";
import type { ShipmentWithLines } from "./repo-shipments";

/** Who reads an order: staff, who see who did what, or its shopper, who reads "the shop" for staff. */
export type Reader = "staff" | "shopper";

export const readerOf = (viewer: SignedInViewer): Reader => (isStaff(viewer) ? "staff" : "shopper");

/**
 * Who did something, as its reader may see it (null: the system, or no one recorded). NOTE: a
 * shopper's read never carries a staff member's name: staff are "shop" there.
 */
function actorFor(name: string | null, role: Role | null, reader: Reader): ActorDto {
  if (name === null || role === null) return null;
  return reader === "shopper" && role !== "customer" ? "shop" : { name, role };
}

/**
 * An order as lists show it: amounts, status, fulfilment, address and payment, without its lines. A
 * manager gets no email, phone number or payment (seesCustomerDetails).
 */
export function toOrderSummaryDto(
  { order, user, payment, paymentState, fulfilment }: NonNullable<OrderRow> & { paymentState?: PaymentState },
  viewer: SignedInViewer,
  refunds: readonly Refund[],
  creditNotes: ReadonlyMap<string, readonly RefundLine[]> = new Map(),
): Omit<OrderSummaryDto, "itemCount"> {
  const details = seesCustomerDetails(viewer, user.id);
  return {
    _id: order.id,
    number: order.number,
    user: { ...toUserSummary(user), email: details ? user.email : null },
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    status: order.status,
    fulfilment,
    // NOTE: lists read the state with the latest failed or pending attempt (repo.ts paymentStateOf);
    // one order's read knows its taken payment alone.
    paymentState: paymentState ?? payment?.status ?? "none",
    totalAmount: order.totalAmount,
    subTotal: order.subTotal,
    savedAmount: order.savedAmount,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    currency: order.currency,
    pricesIncludeTax: order.pricesIncludeTax,
    shippingMethod: { name: order.shippingMethodName, price: order.shippingMethodPrice },
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    codFee: order.codFee,
    supplyType: order.supplyType,
    shippingGst: {
      rate: order.shippingTaxable > 0 || order.shippingTax > 0 ? order.shippingTaxRate : 0,
      taxableValue: order.shippingTaxable,
      cgst: order.shippingCgst,
      sgst: order.shippingSgst,
      igst: order.shippingIgst,
    },
    codFeeGst: {
      rate: order.codFeeTaxable > 0 ? order.codFeeTaxRate : 0,
      taxableValue: order.codFeeTaxable,
      cgst: order.codFeeCgst,
      sgst: order.codFeeSgst,
      igst: order.codFeeIgst,
    },
    cashOnDelivery:
      payment?.id && payment.paymentGateway === "cod"
        ? { payment: payment.id, collected: payment.status !== "pending" && payment.status !== "failed" }
        : null,
    codConfirmation: order.codConfirmation,
    onlineDiscount: order.onlineDiscount,
    storeCreditUsed: order.storeCreditUsed,
    invoiceNumber: order.invoiceNumber,
    shippingAddress: {
      ...order.shippingAddress,
      phoneNumber: details ? order.shippingAddress.phoneNumber : null,
      gstin: order.shippingAddress.gstin ?? null,
      legalName: order.shippingAddress.legalName ?? null,
    },
    payment:
      details && payment?.id
        ? {
            _id: payment.id,
            status: payment.status,
            paymentGateway: payment.paymentGateway,
            method: payment.method,
            amount: payment.amount,
            tenders: tendersOf(payment, order.storeCreditUsed),
            transactionId: payment.transactionId,
            refundedAmount: payment.refundedAmount ?? 0,
            refunds: refunds
              .filter((refund) => refund.paymentId === payment.id)
              .map((refund) => toRefundDto(refund, creditNotes.get(refund.id) ?? [], readerOf(viewer))),
          }
        : null,
  };
}

/**
 * A completed refund as the order and payment reads carry it, with its credit note's lines; who made
 * it as `reader` may see it (the payments' reads are staff's).
 */
export function toRefundDto(
  refund: Refund,
  lines: readonly RefundLine[] = [],
  reader: Reader = "staff",
): RefundDto {
  return {
    _id: refund.id,
    amount: refund.amount,
    reason: refund.reason,
    at: (refund.refundedAt ?? refund.createdAt).toISOString(),
    by: actorFor(refund.actorName, refund.actorRole, reader),
    providerRefundId: refund.providerRefundId ?? "",
    reference: refund.reference,
    creditNoteNumber: refund.creditNoteNumber ?? "",
    moneyBack: refund.moneyBack,
    restock: refund.restock.map(({ itemId, quantity }) => ({ line: itemId, quantity })),
    lines: lines.map((line) => ({
      kind: line.kind,
      line: line.itemId,
      quantity: line.quantity,
      taxableValue: line.taxableValue,
      rate: line.rate,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
      total: line.total,
    })),
  };
}

/** A row of an order's history: who did it as they were then (as `reader` may see it), or null for the system. */
export function toOrderEventDto(event: OrderEvent, reader: Reader): OrderEventDto {
  return {
    type: event.type,
    status: event.status,
    at: event.at.toISOString(),
    by: actorFor(event.actorName, event.actorRole, reader),
    note: event.note,
    ...(event.amount !== null ? { amount: event.amount } : {}),
  };
}

/** An order with its lines, each as it was priced when the order was placed, and its history. */
export function toOrderDto(
  row: NonNullable<OrderRow>,
  lines: readonly OrderLineRow[],
  history: readonly OrderEvent[],
  viewer: SignedInViewer,
  refunds: readonly Refund[],
  shipments: readonly ShipmentWithLines[] = [],
  returns: readonly ReturnWithLines[] = [],
  creditNotes: ReadonlyMap<string, readonly RefundLine[]> = new Map(),
): OrderDto {
  return {
    ...toOrderSummaryDto(row, viewer, refunds, creditNotes),
    products: lines.map(({ item, thumbnail }) => ({
      _id: item.id,
      product: { _id: item.productId, name: item.name, thumbnail: thumbnail ? toMediaDto(thumbnail) : null },
      variant: { _id: item.variantId, sku: item.variantSku, options: item.variantOptions },
      name: item.name,
      price: item.price,
      originalPrice: item.originalPrice,
      savedAmount: item.savedAmount,
      discountShare: item.discountShare,
      quantity: item.quantity,
      taxRate: item.taxRate,
      hsnCode: item.hsnCode,
      taxableValue: item.taxableValue,
      cgst: item.cgst,
      sgst: item.sgst,
      igst: item.igst,
    })),
    history: history.map((event) => toOrderEventDto(event, readerOf(viewer))),
    shipments: shipments.map(toShipmentDto),
    returns: returns.map(toOrderReturnDto),
  };
}

function toOrderReturnDto(ret: ReturnWithLines): OrderReturnDto {
  return {
    _id: ret.id,
    status: ret.status,
    reason: ret.reason,
    note: ret.note,
    message: ret.message,
    lines: ret.lines.map(({ itemId, quantity }) => ({ line: itemId, quantity })),
    amount: ret.amount,
    createdAt: ret.createdAt.toISOString(),
  };
}

/** A parcel as the order read and the shipments API answer it. */
export function toShipmentDto(shipment: ShipmentWithLines): ShipmentDto {
  return {
    _id: shipment.id,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    lines: shipment.lines.map(({ itemId, quantity }) => ({ line: itemId, quantity })),
    shippedAt: shipment.shippedAt.toISOString(),
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
    returnedToOriginAt: shipment.returnedToOriginAt?.toISOString() ?? null,
    returnedToOriginReason: shipment.returnedToOriginReason,
    provider: shipment.provider,
    trackingStatus: shipment.trackingStatus,
    trackedAt: shipment.trackedAt?.toISOString() ?? null,
    labelUrl: shipment.labelUrl,
    ewaybillNo: shipment.ewaybillNo,
  };
}
