import { Bars3Icon } from "@heroicons/react/24/outline";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Avatar } from "#web/components/avatar";
import { buttonClasses } from "#web/components/button";
import { Logo } from "#web/components/logo";
import { CartLink } from "#web/features/cart/components/cart-link";
import { CategoriesMenu } from "#web/features/storefront/components/categories-menu";
import { SearchBox } from "#web/features/storefront/components/search-box";
import { cx } from "#web/lib/cx";
import { isActiveStaff, useSession } from "#web/lib/session";
import { useShopName } from "#web/lib/shop-settings";

// Menus (Headless UI) are not needed to draw the page: their code comes in chunks of their own.
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));
const preloadMobileMenu = () => void import("./mobile-menu");

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "inline-flex h-10 items-center rounded-control px-3 text-sm font-medium",
    isActive ? "text-brand-700" : "text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900",
  );

// NOTE: index.html draws this bar as it first looks, before the app's code runs: keep the two alike.
export function StorefrontHeader() {
  const shopName = useShopName();
  const user = useSession((state) => state.user);
  const location = useLocation();
  // The menu is open for the location it was opened at: any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  // The small-screen menu is mounted from its first opening on (its code is fetched on the way).
  const [menuUsed, setMenuUsed] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:gap-4 lg:px-8">
        <button
          type="button"
          onPointerDown={preloadMobileMenu}
          onFocus={preloadMobileMenu}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpenedAt(location.key);
          }}
          aria-label="Open menu"
          className="-ml-2 inline-flex size-10 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 md:hidden"
        >
          <Bars3Icon className="size-6" aria-hidden="true" />
        </button>
        <Link to="/" aria-label={`${shopName} home`} className="shrink-0">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-2 hidden items-center md:flex">
          <CategoriesMenu />
          <NavLink to="/sale" className={navLinkClass}>
            Sale
          </NavLink>
        </nav>

        <SearchBox className="mx-2 hidden max-w-md flex-1 md:block" />

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {isActiveStaff(user) ? (
            <div className="hidden sm:block">
              <Link to="/dashboard/home" className={buttonClasses({ variant: "secondary", size: "sm" })}>
                Dashboard
              </Link>
            </div>
          ) : null}
          <CartLink />
          {user ? (
            <div className="ml-1 flex">
              <Suspense fallback={<Avatar firstName={user.name.firstName} url={user.avatarUrl} />}>
                <UserMenu user={user} />
              </Suspense>
            </div>
          ) : (
            <>
              <Link to="/auth/login" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                Login
              </Link>
              <div className="hidden md:block">
                <Link to="/auth/register" className={buttonClasses({ size: "sm" })}>
                  Register
                </Link>
              </div>
            </>
          )}
        </div>
      </div>

      <div className="px-4 pb-3 sm:px-6 md:hidden">
        <SearchBox />
      </div>

      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpenedAt === location.key}
            onClose={() => setMenuOpenedAt(null)}
            user={user}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
