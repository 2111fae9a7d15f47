/** Placing an order, and pricing a cart by the same rules (docs/design.md section 5). */
import { createHash } from "node:crypto";
import { CURRENCY, ORDER_LIMITS } from "@shop/shared/constants";
import { hsnChapterName } from "@shop/shared/gst-codes";
import { indianState, sameState } from "@shop/shared/india";
import { api, validation } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { pincodeOf } from "@shop/shared/pincode-states";
import {
  type DiscountTerms,
  oneTaxRate,
  priceOrder,
  type SupplyType,
  type TaxedSummary,
} from "@shop/shared/pricing";
import type { CartPriceDto, CartPriceInput } from "@shop/shared/schemas/discount";
import type { OrderDto, OrderInputParsed } from "@shop/shared/schemas/order";
import { type ShippingMethod, SPEC_TAX_SETTINGS, type TaxSettings } from "@shop/shared/schemas/settings";
import { chooseMethod, type ShippingCart, STANDARD_SHIPPING, shippingCartOf } from "@shop/shared/shipping";
import { variantLabel } from "@shop/shared/variants";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { Address } from "#api/db/schema/addresses";
import type { OrderEvent, OrderItem } from "#api/db/schema/orders";
import type { ProductVariant } from "#api/db/schema/products";
import type { User } from "#api/db/schema/users";
import { toAddressSnapshot } from "#api/modules/addresses/dto";
import { refuseAddressWithoutState } from "#api/modules/addresses/service";
import { methodsListing } from "#api/modules/delivery/service";
import { type AppliedDiscount, applyDiscount, type DiscountedItem } from "#api/modules/discounts/service";
import { orderPlacedEmail } from "#api/modules/email/order-messages";
import { type MailContext, outboxRows } from "#api/modules/email/service";
import { recordCheckoutConsents } from "#api/modules/users/consents";
import { toOrderDto } from "./dto";
import { findOrderByIdempotencyKey, findProductsForOrder, type ProductForOrder } from "./repo";
import { lockShopperWithAddress, readForPlacement, writePlacement } from "./repo-placement";
import { actorOf, getOrder } from "./service";

export interface PlaceOrderOptions {
  /** A retried placement with the same key and body returns the first order; another body is refused (422). */
  idempotencyKey?: string | undefined;
  limits?: OrderLimits;
  /** The shop's details for the confirmation, written with the order. */
  mail: MailContext;
  /** The owner's shipping methods (SPEC's one rate when left out). */
  shipping?: readonly ShippingMethod[];
  /** The shop's currency (ISO 4217), kept with the order (SPEC's USD when left out). */
  currency?: string;
  /** How prices carry GST and the shop's default rate and HSN code (SPEC's 18% on top when left out). */
  taxes?: TaxSettings;
  /** The seller's state (the store settings'): an address in it is an intra-state supply. */
  storeState?: string | undefined;
}

/**
 * Within the seller's state (CGST + SGST) or across states (IGST), by the delivery address's state
 * (IGST Act, section 10(1)(a)): listed states by their GST code, others as typed; inter-state when
 * either is not known.
 */
export function supplyOf(storeState: string | undefined, deliveryState: string | undefined): SupplyType {
  if (!storeState || !deliveryState) return "inter-state";
  const store = indianState(storeState)?.code;
  const delivery = indianState(deliveryState)?.code;
  const same = store && delivery ? store === delivery : sameState(storeState, deliveryState);
  return same ? "intra-state" : "inter-state";
}

/**
 * What an order keeps of its pricing (the amounts, the method, the GST as the invoice will print it,
 * the place of supply and the address as it was): the placement's and the demo's orders alike.
 */
export function pricedOrderColumns(
  priced: TaxedSummary,
  {
    currency,
    method,
    address,
  }: { currency: string; method: { name: string; price: number }; address: Address },
) {
  return {
    subTotal: priced.itemsPrice,
    savedAmount: priced.discountPrice,
    shippingAmount: priced.shippingPrice,
    taxAmount: priced.taxPrice,
    totalAmount: priced.totalPrice,
    discountAmount: priced.discountAmount,
    currency,
    shippingMethodName: method.name,
    shippingMethodPrice: method.price,
    pricesIncludeTax: priced.taxIncluded,
    ...chargeColumns(priced),
    supplyType: priced.supply,
    placeOfSupply: indianState(address.state)?.code ?? null,
    shippingAddress: toAddressSnapshot(address),
    buyerGstin: address.gstin,
  };
}

/**
 * What an order keeps of how its charges were priced (decision 047): whether they were taxed, the
 * charges' rate (the highest among the lines, kept with the charges taxed even while shipping is free,
 * for a COD fee added later), shipping's and the COD fee's taxable value and GST, and the round off.
 */
export function chargeColumns(priced: TaxedSummary) {
  const { shippingCharge: shipping, codFeeCharge: fee } = priced;
  return {
    chargesTaxed: priced.chargesTaxed,
    shippingTax: shipping.tax,
    shippingTaxRate: shipping.rate,
    shippingTaxable: shipping.taxableValue,
    shippingCgst: shipping.cgst,
    shippingSgst: shipping.sgst,
    shippingIgst: shipping.igst,
    codFeeTaxable: fee.taxableValue,
    codFeeTaxRate: fee.rate,
    codFeeCgst: fee.cgst,
    codFeeSgst: fee.sgst,
    codFeeIgst: fee.igst,
    roundOff: priced.roundOff,
  };
}

export interface OrderLimits {
  maxUnpaidOrders: number;
  maxQuantityPerLine: number;
  /** The least the items may come to (after sale prices, before a code's discount); 0 or absent: none. */
  minimumOrder?: number;
}

/**
 * The method an order or a cart is priced with: the one asked for when it serves the address (its
 * state, or its PIN code for a method serving a list: `pincodeMethods`), the cheapest that does
 * without one; refused (409, at the field) when none fits.
 */
function methodOrRefusal(
  methods: readonly ShippingMethod[],
  state: string | undefined,
  chosen: string | undefined,
  pincodeMethods: ReadonlySet<string>,
  cart: ShippingCart,
): ShippingMethod {
  const choice = chooseMethod(methods, state, chosen, pincodeMethods, cart);
  if ("method" in choice) return choice.method;
  const message = refusalMessage(choice.refused, state);
  throw new AppError("CONFLICT", message, { shippingMethod: message });
}

/** Why no method prices the order: the one asked for does not serve the state, or none does. */
function refusalMessage(refused: "chosen" | "none", state: string | undefined): string {
  return refused === "chosen" ? api.shippingMethodUnavailable : api.noShippingMethod(state ?? "");
}

/** The key of an order line: its product, and its variant when one is named. */
function lineKey(line: { product: string; variant?: string | undefined }): string {
  return line.variant ? `${line.product}/${line.variant}` : line.product;
}

/** What a placement asked for, the same for the same body however its lines were ordered or split. */
function fingerprintOf(input: OrderInputParsed, quantities: ReadonlyMap<string, number>): string {
  const lines = [...quantities.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(
      JSON.stringify({
        lines,
        address: input.shippingAddress,
        // Only when named, so that the fingerprints of orders without a code stay as they were.
        ...(input.discountCode ? { discountCode: input.discountCode.toUpperCase() } : {}),
        ...(input.shippingMethod ? { shippingMethod: input.shippingMethod } : {}),
      }),
    )
    .digest("hex");
}

/** The order a key already made, if any; the key reused for another body is refused. */
async function orderOfKey(db: Database, user: User, key: string, fingerprint: string) {
  const existing = await findOrderByIdempotencyKey(db, user.id, key);
  if (!existing) return undefined;
  if (existing.fingerprint !== null && existing.fingerprint !== fingerprint)
    throw new AppError("UNPROCESSABLE", api.idempotencyKeyReused);
  return { order: await getOrder(db, user, existing.id), created: false };
}

interface OrderLine {
  product: ProductForOrder;
  variant: ProductVariant;
  quantity: number;
}

/** "Trail Running Shoes (Size: 9)": the product's name, with the variant's values when it has options. */
function labelOf({ product, variant }: Pick<OrderLine, "product" | "variant">): string {
  return variantLabel(product.name, product.options, variant.options);
}

/** The message for a line short of stock: as before variants for a product without options. */
function shortMessage(line: Pick<OrderLine, "product" | "variant">, available: number): string {
  return line.product.options.length > 0
    ? api.variantOutOfStock(labelOf(line), available)
    : api.outOfStock(line.product.name, available);
}

/**
 * Which variant each line names: the given one, which must be a current, active variant of the
 * line's product (400 otherwise), or, left out, the product's only variant ('Please choose a Size.'
 * when it has several). Lines of one variant are merged; the result is in product, then variant id
 * order, the order in which the placement locks them.
 */
function resolveLines(
  input: Pick<OrderInputParsed, "products">,
  found: ReadonlyMap<string, ProductForOrder>,
  limits: OrderLimits,
): OrderLine[] {
  const fieldErrors: Record<string, string> = {};
  const merged = new Map<string, OrderLine>();
  input.products.forEach((line, index) => {
    const product = found.get(line.product);
    if (!product) throw new AppError("CONFLICT", api.productMissing);
    if (!product.isActive) throw new AppError("CONFLICT", api.productUnavailable(product.name));
    let variant: ProductVariant | undefined;
    if (line.variant === undefined) {
      const [only, ...others] = product.variants;
      if (only && others.length === 0) variant = only;
      else fieldErrors[`products.${index}.variant`] = validation.chooseOption(product.options[0]?.name ?? "");
    } else {
      variant = product.variants.find((candidate) => candidate.id === line.variant);
      if (!variant) fieldErrors[`products.${index}.variant`] = validation.variantOfOtherProduct;
      else if (!variant.isActive)
        fieldErrors[`products.${index}.variant`] = api.productUnavailable(labelOf({ product, variant }));
    }
    if (!variant) return;
    const entry = merged.get(variant.id);
    if (entry) entry.quantity += line.quantity;
    else merged.set(variant.id, { product, variant, quantity: line.quantity });
  });
  const [firstError] = Object.values(fieldErrors);
  if (firstError) throw new AppError("BAD_REQUEST", firstError, fieldErrors);
  const lines = [...merged.values()].sort((a, b) =>
    a.product.id === b.product.id
      ? a.variant.id.localeCompare(b.variant.id)
      : a.product.id.localeCompare(b.product.id),
  );
  for (const line of lines) {
    if (line.quantity > limits.maxQuantityPerLine)
      throw new AppError("CONFLICT", api.quantityPerLine(limits.maxQuantityPerLine));
  }
  return lines;
}

/**
 * The lines as pricing and a discount code take them, in the order the lines are priced, each at its
 * product's rate or rate by price (else its category's, else the shop's rate).
 */
function discountedItems(lines: readonly OrderLine[], taxes: TaxSettings): DiscountedItem[] {
  return lines.map(({ product, variant, quantity }) => ({
    productId: product.id,
    categoryId: product.categoryId,
    price: variant.price,
    onSale: variant.onSale,
    salePrice: variant.salePrice,
    quantity,
    taxRate: product.taxRate ?? taxes.defaultRate,
    taxSlabs: product.taxSlabs,
  }));
}

/** The named code applied with a use taken, or 409 with the reason it does not apply (at its field). */
async function discountOrRefusal(
  db: Database,
  code: string,
  items: readonly DiscountedItem[],
  userId: string,
): Promise<AppliedDiscount> {
  const result = await applyDiscount(db, code, items, userId, { lock: true, take: true });
  if ("refusal" in result) throw new AppError("CONFLICT", result.refusal, { discountCode: result.refusal });
  return result.applied;
}

/**
 * The server's pricing of a cart, with the code a shopper tries: the same lines, rules and
 * figures the placement will use, and the reason when the code does not apply. Nothing is taken.
 */
export async function priceCart(
  db: Database,
  input: CartPriceInput,
  userId: string | undefined,
  {
    limits = ORDER_LIMITS,
    shipping = [STANDARD_SHIPPING],
    taxes = SPEC_TAX_SETTINGS,
    storeState,
  }: {
    limits?: OrderLimits;
    shipping?: readonly ShippingMethod[];
    taxes?: TaxSettings;
    storeState?: string | undefined;
  } = {},
): Promise<CartPriceDto> {
  const productIds = [...new Set(input.products.map((line) => line.product))].sort();
  const lines = resolveLines(input, await findProductsForOrder(db, productIds), limits);
  const items = discountedItems(lines, taxes);
  let applied: AppliedDiscount | undefined;
  let discountMessage: string | null = null;
  if (input.discountCode) {
    const result = await applyDiscount(db, input.discountCode, items, userId);
    if ("refusal" in result) discountMessage = result.refusal;
    else applied = result.applied;
  }
  const terms: DiscountTerms | undefined = applied?.terms;
  // Methods serving PIN code lists are offered to an address whose PIN code is listed (a statement
  // only when one serves a list and the cart has an address).
  const listing =
    input.state === undefined
      ? new Map<string, number>()
      : await methodsListing(db, shipping, pincodeOf(input.pincode));
  // Without a method that serves the address, the cart is priced without shipping and says why.
  const choice = chooseMethod(
    shipping,
    input.state,
    input.shippingMethod,
    new Set(listing.keys()),
    shippingCartOf(applied?.items ?? items, terms, listing),
  );
  const method = "method" in choice ? choice.method : null;
  const shippingMessage = "refused" in choice ? refusalMessage(choice.refused, input.state) : null;
  // Split as the order to that address will be; without an address, inter-state.
  const priced = priceOrder(applied?.items ?? items, {
    discount: terms,
    shipping: method ?? { price: 0, freeAbove: null },
    taxes: {
      pricesIncludeTax: taxes.pricesIncludeTax,
      supply: supplyOf(storeState, input.state),
      chargesTaxed: taxes.chargesTaxed,
    },
  });
  return {
    lines: lines.map((line, index) => {
      const p = priced.lines[index];
      return {
        product: line.product.id,
        variant: line.variant.id,
        quantity: line.quantity,
        unitPrice: p?.unitPrice ?? 0,
        lineTotal: p?.lineTotal ?? 0,
        savedAmount: p?.savedAmount ?? 0,
        discountShare: p?.discountShare ?? 0,
        taxRate: priced.lineTaxes[index]?.rate ?? taxes.defaultRate,
      };
    }),
    itemsPrice: priced.itemsPrice,
    discountPrice: priced.discountPrice,
    discountCode: applied?.discount.code ?? null,
    discountAmount: priced.discountAmount,
    discountMessage,
    shippingPrice: priced.shippingPrice,
    shippingMethod: method ? { _id: method._id, name: method.name, price: method.price } : null,
    shippingMessage,
    taxPrice: priced.taxPrice,
    taxIncluded: priced.taxIncluded,
    taxRate: oneTaxRate(
      priced.lineTaxes.map((tax, i) => ({ rate: tax.rate, quantity: lines[i]?.quantity ?? 0 })),
    ),
    supply: priced.supply,
    totalPrice: priced.totalPrice,
  };
}

/**
 * Places an order: every line priced from its variant in the database (client amounts are ignored),
 * the stock of each variant taken atomically in the order's transaction, 409 naming the product
 * (and its option values) when short. Against hoarding, 409 past the units of one variant an order
 * may hold or the unpaid orders a shopper may have at once. With an idempotency key, a retried
 * placement returns the first order. The confirmation is written to the outbox in the order's
 * transaction: a refused placement leaves no message. Three statements in the transaction
 * (repo-placement.ts): the shopper's lock with the address, one read, one write; a fourth, the
 * look-up of the address's PIN code, only while some method serves a PIN code list.
 */
export async function placeOrder(
  db: Database,
  user: User,
  input: OrderInputParsed,
  {
    idempotencyKey,
    limits = ORDER_LIMITS,
    mail,
    shipping = [STANDARD_SHIPPING],
    currency = CURRENCY,
    taxes = SPEC_TAX_SETTINGS,
    storeState,
  }: PlaceOrderOptions,
): Promise<{ order: OrderDto; created: boolean }> {
  const quantities = new Map<string, number>();
  for (const line of input.products)
    quantities.set(lineKey(line), (quantities.get(lineKey(line)) ?? 0) + line.quantity);
  const fingerprint = fingerprintOf(input, quantities);
  const productIds = [...new Set(input.products.map((line) => line.product))].sort();

  let outcome: { placed: OrderDto } | { replay: string };
  try {
    outcome = await db.transaction(async (tx) => {
      // NOTE: the shopper's row is locked first, so that two placements cannot both pass the count.
      const shopper = await lockShopperWithAddress(
        tx,
        { id: user.id, name: actorOf(user).actorName ?? "" },
        input.shippingAddress,
      );
      const read = await readForPlacement(tx, user.id, productIds, idempotencyKey);
      // No product found leaves the key's order unread; it is looked up on its own then.
      const prior =
        read.prior ??
        (idempotencyKey && read.products.size === 0
          ? await findOrderByIdempotencyKey(tx, user.id, idempotencyKey)
          : undefined);
      if (prior) {
        if (prior.fingerprint !== null && prior.fingerprint !== fingerprint)
          throw new AppError("UNPROCESSABLE", api.idempotencyKeyReused);
        return { replay: prior.id };
      }
      const address = shopper?.address;
      if (!address)
        throw new AppError("NOT_FOUND", api.addressNotFound, { shippingAddress: api.addressRequired });
      refuseAddressWithoutState(address);
      // One statement more, only while some method serves a PIN code list: which lists hold the address's.
      const listing = await methodsListing(tx, shipping, pincodeOf(address.pinCode));
      const lines = resolveLines(input, read.products, limits);
      if (read.unpaid >= limits.maxUnpaidOrders) throw new AppError("CONFLICT", api.tooManyUnpaidOrders);
      for (const line of lines) {
        // The variants were read under their locks: their stock is the current one.
        if (!line.variant.isActive) throw new AppError("CONFLICT", api.productUnavailable(labelOf(line)));
        if (line.variant.stock < line.quantity)
          throw new AppError("CONFLICT", shortMessage(line, line.variant.stock));
      }
      const items = discountedItems(lines, taxes);
      // The code's row is locked after the variants (the order every writer keeps) until commit.
      const applied = input.discountCode
        ? await discountOrRefusal(tx, input.discountCode, items, user.id)
        : undefined;
      // Chosen for the cart as priced (free above its threshold counts), as POST /cart/price chose it.
      const method = methodOrRefusal(
        shipping,
        address.state,
        input.shippingMethod,
        new Set(listing.keys()),
        shippingCartOf(applied?.items ?? items, applied?.terms, listing),
      );
      // The split is decided here, once: the order keeps it, and its invoice and reports read it.
      const supply = supplyOf(storeState, address.state);
      const priced = priceOrder(applied?.items ?? items, {
        discount: applied?.terms,
        shipping: method,
        taxes: { pricesIncludeTax: taxes.pricesIncludeTax, supply, chargesTaxed: taxes.chargesTaxed },
      });
      if (limits.minimumOrder && priced.itemsPrice < limits.minimumOrder)
        throw new AppError(
          "CONFLICT",
          api.minimumOrder(formatMoney(limits.minimumOrder, { code: currency, locale: mail.locale })),
        );
      const orderId = newId();
      const stored: OrderItem[] = lines.map(({ product, variant }, index) => ({
        id: newId(),
        orderId,
        productId: product.id,
        variantId: variant.id,
        variantSku: variant.sku,
        variantOptions: variant.options,
        name: product.name,
        price: priced.lines[index]?.unitPrice ?? variant.price,
        originalPrice: variant.price,
        savedAmount: priced.lines[index]?.savedAmount ?? 0,
        discountShare: priced.lines[index]?.discountShare ?? 0,
        quantity: priced.lines[index]?.quantity ?? 0,
        taxRate: priced.lineTaxes[index]?.rate ?? taxes.defaultRate,
        hsnCode: product.hsnCode ?? taxes.defaultHsn,
        // The code's description and the unit as the invoice and table 12 print them (decision 050).
        hsnDescription:
          (product.hsnCode ? product.hsnDescription : null) ??
          hsnChapterName(product.hsnCode ?? taxes.defaultHsn),
        uqc: product.uqc,
        taxAmount: priced.lineTaxes[index]?.tax ?? 0,
        taxableValue: priced.lineTaxes[index]?.taxableValue ?? 0,
        cgst: priced.lineTaxes[index]?.cgst ?? 0,
        sgst: priced.lineTaxes[index]?.sgst ?? 0,
        igst: priced.lineTaxes[index]?.igst ?? 0,
        roundOff: priced.roundOffs[index] ?? 0,
      }));
      const event: OrderEvent = {
        id: newId(),
        orderId,
        type: "placed",
        status: "pending",
        at: new Date(),
        note: null,
        amount: null,
        ...actorOf(user),
      };
      const ordered = lines.map((line, index) => ({
        label: labelOf(line),
        quantity: priced.lines[index]?.quantity ?? line.quantity,
        unitPrice: priced.lines[index]?.unitPrice ?? line.variant.price,
      }));
      const values = {
        id: orderId,
        number: read.number,
        userId: user.id,
        status: "pending" as const,
        ...pricedOrderColumns(priced, { currency, method, address }),
        discountId: applied?.discount.id ?? null,
        discountCode: applied?.discount.code ?? null,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyFingerprint: idempotencyKey ? fingerprint : null,
      };
      const { taken, ...order } = await writePlacement(tx, {
        order: values,
        items: stored,
        event,
        // The message is written from the values the order is stored with (its number included).
        emails: outboxRows(mail.shop, [
          orderPlacedEmail(
            user,
            values,
            ordered,
            mail,
            stored.map((item) => item.taxRate),
          ),
        ]),
      });
      if (taken !== lines.length) throw new Error("stock changed under a lock");
      // Checkout's WhatsApp ticks, for the delivery address's number (statements only when sent).
      await recordCheckoutConsents(tx, user.id, input, { phone: address.phoneNumber, orderId });
      // The answer is made from the rows just written: a placement reads nothing back.
      const thumbnails = new Map(lines.map((line) => [line.product.id, line.product.thumbnail]));
      return {
        placed: toOrderDto(
          { order, user, payment: null, fulfilment: "unfulfilled" },
          stored.map((item) => ({ item, thumbnail: thumbnails.get(item.productId) ?? null })),
          [event],
          user,
          [],
        ),
      };
    });
  } catch (error) {
    // NOTE: two retries with one key racing: the unique (user, key) decides, the loser returns the winner's order.
    if (idempotencyKey && isPgError(error, UNIQUE_VIOLATION)) {
      const replay = await orderOfKey(db, user, idempotencyKey, fingerprint);
      if (replay) return replay;
    }
    throw error;
  }
  if ("replay" in outcome) return { order: await getOrder(db, user, outcome.replay), created: false };
  return { order: outcome.placed, created: true };
}
