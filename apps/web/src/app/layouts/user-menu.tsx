import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import {
  ArrowRightStartOnRectangleIcon,
  HeartIcon,
  QuestionMarkCircleIcon,
  ShoppingBagIcon,
  UserCircleIcon,
} from "@heroicons/react/24/outline";
import { accountNotes, wishlistWords } from "@shop/shared/messages";
import { Link } from "react-router";
import { Avatar } from "#web/components/avatar";
import { useLogout } from "#web/features/auth/api/logout";
import { fullName } from "#web/lib/session";
import type { SessionUser } from "#web/lib/stored-state-types";

const itemClass =
  "flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-neutral-700 data-focus:bg-neutral-100 data-focus:text-neutral-900";

/** The header's avatar menu: Profile, My Orders, Wishlist, Help and Logout (SPEC section 2). */
export function UserMenu({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return (
    // NOTE: the panel is positioned by CSS inside the sticky header rather than with `anchor`:
    // an anchored panel lives in a portal positioned against the page and jumps when the page scrolls.
    <Menu as="div" className="relative">
      <MenuButton
        aria-label="Account menu"
        className="rounded-full ring-offset-2 hover:ring-2 hover:ring-brand-200 data-open:ring-2 data-open:ring-brand-600"
      >
        <Avatar firstName={user.name.firstName} url={user.avatarUrl} />
      </MenuButton>
      {/* NOTE: it animates in with CSS alone and closes at once, without `transition` (components/dialog.tsx says why). */}
      <MenuItems className="absolute right-0 z-50 mt-2 w-60 origin-top-right rounded-card bg-white py-1 shadow-popover ring-1 ring-neutral-200 transition duration-150 focus:outline-none starting:translate-y-1 starting:opacity-0">
        <div className="px-4 py-3">
          <p className="truncate text-sm font-semibold text-neutral-900">{fullName(user)}</p>
          <p className="truncate text-sm text-neutral-500">{user.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-neutral-200" />
        <MenuItem>
          <Link to="/account/profile" className={itemClass}>
            <UserCircleIcon className="size-5 text-neutral-400" aria-hidden="true" />
            Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/account/orders" className={itemClass}>
            <ShoppingBagIcon className="size-5 text-neutral-400" aria-hidden="true" />
            {accountNotes.myOrdersMenu}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/account/wishlist" className={itemClass}>
            <HeartIcon className="size-5 text-neutral-400" aria-hidden="true" />
            {wishlistWords.navLink}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/contact" className={itemClass}>
            <QuestionMarkCircleIcon className="size-5 text-neutral-400" aria-hidden="true" />
            Help
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-neutral-200" />
        <MenuItem disabled={logout.isPending}>
          <button type="button" onClick={() => logout.mutate()} className={itemClass}>
            <ArrowRightStartOnRectangleIcon className="size-5 text-neutral-400" aria-hidden="true" />
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
