import { ShoppingCartIcon } from "@heroicons/react/24/outline";
import { empty } from "@shop/shared/messages";
import { Link } from "react-router";
import { buttonClasses } from "../../components/button";
import { EmptyState } from "../../components/empty-state";

// NOTE: the cart store, its lines and the price summary arrive with the cart issue; until then the
// cart is always empty, which is what this page says.
export function CartPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Shopping cart</h1>
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
    </section>
  );
}
