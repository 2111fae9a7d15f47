import { Link, Outlet } from "react-router";
import { Logo } from "#web/components/logo";
import { useShopName } from "#web/lib/shop-settings";

/** Login and registration: a centred card on a quiet background, the logo leading home. */
export function AuthLayout() {
  const shopName = useShopName();
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-100 px-4 py-10 sm:py-16">
      <main className="mx-auto w-full max-w-md flex-1">
        <div className="mb-8 flex justify-center">
          <Link to="/" aria-label={`${shopName} home`}>
            <Logo />
          </Link>
        </div>
        <Outlet />
      </main>
      <p className="mt-10 text-center text-xs text-neutral-600">
        <Link to="/" className="hover:text-neutral-800 hover:underline">
          Continue shopping
        </Link>
        <span aria-hidden="true" className="mx-2">
          ·
        </span>
        <Link to="/privacy-policy" className="hover:text-neutral-800 hover:underline">
          Privacy Policy
        </Link>
      </p>
    </div>
  );
}
