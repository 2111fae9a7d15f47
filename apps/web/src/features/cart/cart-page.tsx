import { ShoppingCartIcon } from "@heroicons/react/24/outline";
import { cartUpdates, empty, keptCart, orderSummary } from "@shop/shared/messages";
import { chooseMethod, STANDARD_SHIPPING } from "@shop/shared/shipping";
import { useEffect } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { CartChanges } from "#web/components/cart-changes";
import { CheckDelivery } from "#web/components/check-delivery";
import { CheckoutSteps } from "#web/components/checkout-steps";
import { DiscountCodeField } from "#web/components/discount-code-field";
import { EmptyState } from "#web/components/empty-state";
import { PriceSummary } from "#web/components/price-summary";
import { cartShipping, useCartPricing } from "#web/lib/cart-pricing";
import { useCartRefresh } from "#web/lib/cart-refresh";
import { hasUnpurchasable, itemKey, totalQuantity, useCart } from "#web/lib/cart-store";
import { useConfig } from "#web/lib/config";
import { cx } from "#web/lib/cx";
import { refreshKeptCart } from "#web/lib/kept-cart-actions";
import { formatPrice } from "#web/lib/money";
import { PageMeta, staticPageHead } from "#web/lib/page-meta";
import { isActiveUser, useSession } from "#web/lib/session";
import { CartLine } from "./components/cart-line";
import { useLikelyDestination } from "./hooks/use-likely-destination";

/**
 * Opened from an abandoned-checkout reminder (`?reminder=`) by a visitor who is not signed in: the
 * saved cart is the account's, so they are asked to sign in, and come back here.
 */
function ReminderSignIn() {
  const { pathname, search } = useLocation();
  const login = `/auth/login?${new URLSearchParams({ redirect: `${pathname}${search}` }).toString()}`;
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-card bg-brand-50 p-4 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-semibold text-neutral-900">{keptCart.signInTitle}</h2>
        <p className="mt-1 text-sm text-neutral-700">{keptCart.signInToSee}</p>
      </div>
      <Link to={login} className={cx(buttonClasses(), "shrink-0")}>
        {keptCart.signIn}
      </Link>
    </div>
  );
}

/**
 * The cart (SPEC section 2): lines with quantity and Remove, the price summary and CONTINUE to the
 * shipping page. Every line is checked against the server when the page opens (lib/cart-refresh.ts).
 * The server prices it for the state the checkout will most likely ship to, so that both show the
 * same GST (intra-state CGST and SGST, or IGST) for the same cart and shopper.
 */
export function CartPage() {
  const head = <PageMeta {...staticPageHead("/cart")} />;
  const navigate = useNavigate();
  const items = useCart((state) => state.items);
  const discountCode = useCart((state) => state.discountCode);
  const { checking, changes } = useCartRefresh();
  const { destination, ready } = useLikelyDestination();
  const pricing = useCartPricing(items, discountCode, destination, { ready });
  const { summary } = pricing;
  // The threshold of the method the server priced with; until it says, of the one it would choose
  // (the cheapest for this cart serving the state, or every state while none is known).
  const methods = useConfig().data?.shippingMethods ?? [STANDARD_SHIPPING];
  const pricedWith = methods.find((method) => method._id === pricing.shippingMethod?._id);
  const choice = pricedWith
    ? { method: pricedWith }
    : chooseMethod(methods, destination?.state, undefined, undefined, cartShipping(items));
  const freeAbove = "method" in choice ? choice.method.freeAbove : null;
  // Until the server has priced the cart the note keeps its place for a cart below the threshold,
  // so that the button under it does not move when the figures arrive.
  const freeShippingNote =
    freeAbove !== null && (pricing.quoted ? summary.shippingPrice > 0 : summary.itemsPrice <= freeAbove)
      ? orderSummary.freeShippingAbove(formatPrice(freeAbove))
      : null;
  const blocked = hasUnpurchasable(items);
  const units = totalQuantity(items);
  // A reminder's link opens the cart the account keeps: read again now, or asked to sign in first.
  const fromReminder = useSearchParams()[0].has("reminder");
  const signedIn = useSession((state) => isActiveUser(state.user));
  useEffect(() => {
    if (fromReminder && signedIn) void refreshKeptCart();
  }, [fromReminder, signedIn]);

  return (
    <>
      {head}
      <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <CheckoutSteps current="Cart" className="mb-6" />
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Shopping cart</h1>
        {fromReminder && !signedIn ? <ReminderSignIn /> : null}
        <CartChanges changes={changes} className="mt-4" />
        {items.length === 0 ? (
          <div className="mt-6">
            <EmptyState
              icon={ShoppingCartIcon}
              title={empty.cart}
              action={
                <Link to="/" className={buttonClasses()}>
                  Browse products
                </Link>
              }
            />
          </div>
        ) : (
          <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-8">
            <div className="rounded-card bg-white px-4 shadow-card ring-1 ring-neutral-200 sm:px-6">
              <ul aria-label="Products in your cart" className="divide-y divide-neutral-200">
                {items.map((item, index) => (
                  <CartLine
                    key={itemKey(item)}
                    item={item}
                    priced={summary.lines[index]}
                    codeLeftOut={pricing.linesWithoutCode.has(itemKey(item)) ? pricing.appliedCode : null}
                  />
                ))}
              </ul>
            </div>

            <aside
              aria-labelledby="cart-summary-heading"
              className="rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6 lg:sticky lg:top-24"
            >
              <h2 id="cart-summary-heading" className="text-lg font-semibold text-neutral-900">
                Order summary
              </h2>
              <p className="mt-1 text-sm text-neutral-600">
                {units} {units === 1 ? "item" : "items"}
              </p>
              <DiscountCodeField pricing={pricing} className="mt-4" />
              <PriceSummary
                className={cx("mt-4 transition-opacity", pricing.checking && "opacity-60")}
                {...summary}
                discountCode={pricing.appliedCode}
                pending={!pricing.quoted}
              />
              {freeShippingNote ? <p className="mt-3 text-xs text-neutral-500">{freeShippingNote}</p> : null}
              {blocked ? (
                <p className="mt-4 text-sm font-medium text-danger-700">{cartUpdates.removeUnavailable}</p>
              ) : null}
              <Button
                size="lg"
                fullWidth
                className="mt-5 tracking-wide uppercase"
                loading={checking}
                disabled={blocked || summary.itemsPrice === 0}
                onClick={() => navigate("/account/shipping")}
              >
                Continue
              </Button>
              <Link
                to="/"
                className="mt-3 block text-center text-sm font-medium text-brand-700 hover:underline"
              >
                Continue shopping
              </Link>
              <CheckDelivery className="mt-5 border-t border-neutral-200 pt-5" />
            </aside>
          </div>
        )}
      </section>
    </>
  );
}
