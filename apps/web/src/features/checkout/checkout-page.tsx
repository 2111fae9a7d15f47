import { api as apiMessages, cartUpdates, warnings } from "@shop/shared/messages";
import type { ConsentsInput } from "@shop/shared/schemas/whatsapp";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AddressLines } from "#web/components/address-lines";
import { Button } from "#web/components/button";
import { CartChanges } from "#web/components/cart-changes";
import { CheckoutSteps } from "#web/components/checkout-steps";
import { DiscountCodeField } from "#web/components/discount-code-field";
import { OrderLineList } from "#web/components/order-line-list";
import { PriceSummary } from "#web/components/price-summary";
import { Skeleton } from "#web/components/skeleton";
import { PageSpinner } from "#web/components/spinner";
import { useAddresses } from "#web/lib/addresses";
import { isApiError } from "#web/lib/api";
import { cartShipping, useCartPricing } from "#web/lib/cart-pricing";
import { useCartRefresh } from "#web/lib/cart-refresh";
import { hasUnpurchasable, isPurchasable, itemKey, orderLines, useCart } from "#web/lib/cart-store";
import { configQueryOptions, useConfig } from "#web/lib/config";
import { cx } from "#web/lib/cx";
import { newIdempotencyKey } from "#web/lib/idempotency";
import { markCartAtCheckout } from "#web/lib/kept-cart-actions";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { accountKeys } from "#web/lib/query-keys";
import { toast } from "#web/lib/toast";
import { usePlaceOrder } from "./api/place-order";
import { ShippingMethodPicker } from "./components/shipping-method-picker";
import { useServingMethods } from "./hooks/use-serving-methods";

// Only a shop that sends on WhatsApp loads the ticks' code (and reads the shopper's consents).
const WhatsAppTicks = lazy(() =>
  import("./components/whatsapp-ticks").then((m) => ({ default: m.WhatsAppTicks })),
);

const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";

/**
 * Review the products and the address, choose a shipping method, then Pay (SPEC section 2): the
 * order is placed, the cart cleared and the shopper taken to the pay page. The server prices the cart
 * for the address's state and the method chosen (the cheapest that serves it until one is); where
 * none serves the state, the page says so and nothing can be placed. Without products or an address,
 * the shopper is sent back to the step that is missing (SPEC section 4). Where the shop sends on
 * WhatsApp, two ticks under the address ask for the shopper's consents, which the order carries.
 */
export function CheckoutPage() {
  const head = <PageMeta title={pageTitle("Checkout")} />;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = useCart((state) => state.items);
  const address = useCart((state) => state.address);
  const discountCode = useCart((state) => state.discountCode);
  const config = useConfig();
  // The methods that serve the address, cheapest for the cart first, as the server chooses among them.
  const {
    methods: serving,
    deliverBy,
    pincode,
  } = useServingMethods(address, config.data?.shippingMethods, cartShipping(items));
  const [chosenId, setChosenId] = useState<string | null>(null);
  // A method chosen that no longer serves (the owner turned it off) is forgotten: the cheapest applies.
  const chosen = chosenId !== null && serving?.some((m) => m._id === chosenId) !== false ? chosenId : null;
  // Why the placement refused the method (it was turned off meanwhile), until another is chosen.
  const [methodRefusal, setMethodRefusal] = useState<string | null>(null);
  const pricing = useCartPricing(
    items,
    discountCode,
    address ? { state: address.state, shippingMethod: chosen, pincode: address.pinCode } : undefined,
  );
  const addresses = useAddresses();
  const whatsapp = config.data?.whatsapp === true;
  // The WhatsApp ticks as they stand, while they are shown.
  const [whatsappTicks, setWhatsappTicks] = useState<ConsentsInput | null>(null);
  const { checking, changes, recheck } = useCartRefresh();
  const placeOrder = usePlaceOrder();
  // One key per checkout attempt: a second click, or a retry after a lost answer, returns the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const placed = useRef(false);
  // Still at checkout: the abandoned-checkout reminders' clock starts again from now.
  useEffect(() => void markCartAtCheckout(), []);

  // The chosen address was deleted (or belongs to someone who signed out): choose again.
  const addressGone =
    address !== null && addresses.data !== undefined && !addresses.data.some((a) => a._id === address._id);
  const missing = items.length === 0 ? "cart" : address === null || addressGone ? "address" : null;

  useEffect(() => {
    if (placed.current || missing === null) return;
    if (missing === "cart") {
      // NOTE: a toastId, so React's double effects in development do not show the warning twice.
      toast.warn(warnings.emptyCart, { toastId: "checkout-empty-cart" });
      navigate("/cart", { replace: true });
    } else {
      if (addressGone) useCart.getState().setAddress(null);
      toast.warn(warnings.selectAddress, { toastId: "checkout-select-address" });
      navigate("/account/shipping", { replace: true });
    }
  }, [missing, addressGone, navigate]);

  if (missing !== null || address === null) return <PageSpinner />;

  const { summary } = pricing;
  const blocked = hasUnpurchasable(items);
  const checkedId = chosen ?? pricing.shippingMethod?._id ?? serving?.[0]?._id ?? null;
  const checkedMethod = serving?.find((method) => method._id === checkedId);
  // No method delivers: none serves the state, or the server priced the cart without one.
  const undeliverable = serving?.length === 0 || (pricing.priced && pricing.shippingMethod === null);
  const methodMessage =
    methodRefusal ??
    // Where a PIN code list decides, the PIN code is what is not served; else the state.
    (serving?.length === 0 ? apiMessages.noShippingMethod(pincode ?? address.state) : null) ??
    (undeliverable ? pricing.shippingMessage : null);
  const choose = (id: string) => {
    setChosenId(id);
    setMethodRefusal(null);
  };
  const lines = items.map((item, index) => {
    const { product, quantity } = item;
    const priced = summary.lines[index];
    const purchasable = isPurchasable(product);
    return {
      key: itemKey(item),
      productId: product._id,
      variant: item.variant,
      name: product.name,
      thumbnail: product.thumbnail,
      unitPrice: priced?.unitPrice ?? product.price,
      originalPrice: product.price,
      quantity,
      lineTotal: priced?.lineTotal ?? 0,
      note: purchasable ? undefined : product.isActive ? "Out of stock" : "No longer available",
    };
  });

  const pay = () =>
    placeOrder.mutate(
      {
        input: {
          products: orderLines(items),
          shippingAddress: address._id,
          // Only a code the server applied goes with the order; it is checked again at placement.
          ...(pricing.appliedCode ? { discountCode: pricing.appliedCode } : {}),
          ...(checkedId ? { shippingMethod: checkedId } : {}),
          // The WhatsApp consents as the ticks stand, only when they were shown.
          ...(whatsapp ? whatsappTicks : null),
        },
        idempotencyKey,
      },
      {
        onSuccess: (order) => {
          placed.current = true;
          useCart.getState().clearItems();
          navigate(`/account/pay/${order._id}`, { replace: true });
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          // The code stopped applying: price the cart again, the field shows why.
          if (error.status === 409 && error.errors.discountCode) void pricing.recheck();
          // The method was turned off meanwhile: say so, read the methods again and price the cart
          // with the cheapest that still serves (the server's choice again, or the shopper's no more).
          else if (error.status === 409 && error.errors.shippingMethod) {
            setMethodRefusal(error.errors.shippingMethod);
            void queryClient.invalidateQueries({ queryKey: configQueryOptions().queryKey });
            if (chosen === null) void pricing.recheck();
            else {
              setChosenId(null);
              void queryClient.invalidateQueries({ queryKey: accountKeys.cartPrices, refetchType: "none" });
            }
          }
          // Stock short or a product withdrawn: show the cart as the server sees it now.
          else if (error.status === 409) void recheck();
          // The address is gone: the effect above sends the shopper back to choose one.
          if (error.status === 404 && error.errors.shippingAddress) useCart.getState().setAddress(null);
        },
      },
    );

  return (
    <>
      {head}
      <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <CheckoutSteps current="Checkout" className="mb-6" />
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Review your order</h1>
        <CartChanges changes={changes} className="mt-4" />

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-8">
          <div className="space-y-6">
            <section aria-labelledby="checkout-address-heading" className={cardClass}>
              <div className="flex items-center justify-between gap-3">
                <h2 id="checkout-address-heading" className="text-lg font-semibold text-neutral-900">
                  Delivery address
                </h2>
                <Link
                  to="/account/shipping"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  aria-label="Change delivery address"
                >
                  Change
                </Link>
              </div>
              <AddressLines address={address} className="mt-3" />
              {whatsapp ? (
                // NOTE: the fallback has the size of the ticks' own skeleton (TICKS_SKELETON_CLASS).
                <Suspense fallback={<Skeleton className="mt-4 h-[7.5rem] rounded-card" />}>
                  <WhatsAppTicks storeName={config.data?.store.name ?? ""} onTicks={setWhatsappTicks} />
                </Suspense>
              ) : null}
            </section>

            <ShippingMethodPicker
              className={cardClass}
              methods={serving}
              deliverBy={deliverBy}
              checkedId={checkedId}
              onChoose={choose}
              checkedPrice={
                pricing.priced && pricing.shippingMethod?._id === checkedId ? summary.shippingPrice : null
              }
              itemsPrice={summary.itemsPrice - summary.discountAmount}
              units={summary.lines.reduce((sum, line) => sum + line.quantity, 0)}
              message={methodMessage}
              busy={pricing.checking}
            />

            <section aria-labelledby="checkout-products-heading" className={cardClass}>
              <div className="flex items-center justify-between gap-3">
                <h2 id="checkout-products-heading" className="text-lg font-semibold text-neutral-900">
                  Products
                </h2>
                <Link
                  to="/cart"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  aria-label="Edit cart"
                >
                  Edit
                </Link>
              </div>
              <OrderLineList lines={lines} label="Products in this order" />
            </section>
          </div>

          <aside aria-labelledby="checkout-summary-heading" className={`${cardClass} lg:sticky lg:top-24`}>
            <h2 id="checkout-summary-heading" className="text-lg font-semibold text-neutral-900">
              Order summary
            </h2>
            <DiscountCodeField pricing={pricing} className="mt-4" />
            <PriceSummary
              className={cx("mt-4 transition-opacity", pricing.checking && "opacity-60")}
              {...summary}
              discountCode={pricing.appliedCode}
              shippingPrice={undeliverable ? null : summary.shippingPrice}
              shippingMethod={undeliverable ? null : (pricing.shippingMethod?.name ?? checkedMethod?.name)}
              pending={!pricing.quoted}
            />
            {blocked ? (
              <p className="mt-4 text-sm font-medium text-danger-700">{cartUpdates.removeUnavailable}</p>
            ) : null}
            <Button
              size="lg"
              fullWidth
              className="mt-5"
              loading={placeOrder.isPending || checking || pricing.checking}
              disabled={blocked || undeliverable || summary.itemsPrice === 0}
              onClick={pay}
            >
              Pay
            </Button>
            <p className="mt-3 text-center text-xs text-neutral-500">
              Your order is placed now; you choose how to pay on the next page.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
