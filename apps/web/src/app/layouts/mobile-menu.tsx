import { XMarkIcon } from "@heroicons/react/24/outline";
import { accountNotes, wishlistWords } from "@shop/shared/messages";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Avatar } from "#web/components/avatar";
import { Button, buttonClasses } from "#web/components/button";
import { Drawer } from "#web/components/drawer";
import { Logo } from "#web/components/logo";
import { useLogout } from "#web/features/auth/api/logout";
import { CategoriesList } from "#web/features/storefront/components/category-links";
import { cx } from "#web/lib/cx";
import { fullName, isActiveStaff } from "#web/lib/session";
import { useShopName } from "#web/lib/shop-settings";
import type { SessionUser } from "#web/lib/stored-state-types";
import { HELP_LINKS, SHOP_LINKS } from "./storefront-links";

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  user: SessionUser | null;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "block rounded-control px-3 py-2 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-700" : "text-neutral-800 hover:bg-neutral-100",
  );

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-neutral-200 px-3 py-4">
      <h2 className="px-3 pb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</h2>
      {children}
    </div>
  );
}

/** The slide-in menu on small screens. It closes on navigation (the header keys it to the location). */
export function MobileMenu({ open, onClose, user }: MobileMenuProps) {
  const shopName = useShopName();
  const logout = useLogout();
  return (
    <Drawer open={open} onClose={onClose} title="Menu">
      <div className="flex h-16 items-center justify-between px-4">
        <Link to="/" aria-label={`${shopName} home`}>
          <Logo />
        </Link>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-control text-neutral-600 hover:bg-neutral-100"
        >
          <XMarkIcon className="size-6" aria-hidden="true" />
        </button>
      </div>

      {user ? (
        <div className="flex items-center gap-3 border-t border-neutral-200 px-6 py-4">
          <Avatar firstName={user.name.firstName} url={user.avatarUrl} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-neutral-900">{fullName(user)}</p>
            <p className="truncate text-sm text-neutral-500">{user.email}</p>
          </div>
        </div>
      ) : null}

      <nav aria-label="Shop">
        <Section title="Shop">
          {SHOP_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </Section>
        <Section title="Categories">
          <CategoriesList />
        </Section>
        <Section title="Help">
          {HELP_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </Section>
      </nav>

      <div className="mt-auto border-t border-neutral-200 p-4">
        {user ? (
          <div className="space-y-2">
            {isActiveStaff(user) ? (
              <Link to="/dashboard/home" className={buttonClasses({ fullWidth: true })}>
                Dashboard
              </Link>
            ) : null}
            <Link to="/account/profile" className={buttonClasses({ variant: "secondary", fullWidth: true })}>
              Profile
            </Link>
            <Link to="/account/orders" className={buttonClasses({ variant: "secondary", fullWidth: true })}>
              {accountNotes.myOrdersMenu}
            </Link>
            <Link to="/account/wishlist" className={buttonClasses({ variant: "secondary", fullWidth: true })}>
              {wishlistWords.navLink}
            </Link>
            <Button variant="ghost" fullWidth loading={logout.isPending} onClick={() => logout.mutate()}>
              Logout
            </Button>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Link to="/auth/login" className={buttonClasses({ variant: "secondary" })}>
              Login
            </Link>
            <Link to="/auth/register" className={buttonClasses()}>
              Register
            </Link>
          </div>
        )}
      </div>
    </Drawer>
  );
}
