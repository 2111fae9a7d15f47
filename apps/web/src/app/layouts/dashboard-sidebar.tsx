import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import {
  ArchiveBoxIcon,
  ArrowUturnLeftIcon,
  BoltIcon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  ChatBubbleOvalLeftEllipsisIcon,
  ClipboardDocumentListIcon,
  Cog6ToothIcon,
  CreditCardIcon,
  CubeIcon,
  EllipsisVerticalIcon,
  EnvelopeIcon,
  HomeIcon,
  PhotoIcon,
  ScaleIcon,
  ShoppingBagIcon,
  TagIcon,
  TicketIcon,
  UsersIcon,
  XMarkIcon,
} from "@heroicons/react/24/outline";
import { type Role, STAFF_ROLES } from "@shop/shared/constants";
import {
  activityPage,
  messagesPage,
  reviewModeration,
  settingsPage,
  webhookWords,
} from "@shop/shared/messages";
import type { ComponentType, SVGProps } from "react";
import { Link, NavLink } from "react-router";
import { Avatar } from "#web/components/avatar";
import { Logo } from "#web/components/logo";
import { useLogout } from "#web/features/auth/api/logout";
import { cx } from "#web/lib/cx";
import { fullName } from "#web/lib/session";
import type { SessionUser } from "#web/lib/stored-state-types";

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /**
   * Limited to these roles; the router's `handle` on the same sections says the same
   * (docs/design.md section 5).
   */
  roles?: readonly Role[];
}

const NAV: readonly NavItem[] = [
  { to: "/dashboard/home", label: "Dashboard", icon: HomeIcon },
  { to: "/dashboard/reports", label: "Reports", icon: ChartBarIcon, roles: STAFF_ROLES },
  { to: "/dashboard/orders", label: "Orders", icon: ShoppingBagIcon },
  { to: "/dashboard/returns", label: "Returns", icon: ArrowUturnLeftIcon, roles: STAFF_ROLES },
  { to: "/dashboard/payments", label: "Payments", icon: CreditCardIcon, roles: ["admin"] },
  { to: "/dashboard/products", label: "Products", icon: CubeIcon },
  { to: "/dashboard/inventory", label: "Inventory", icon: ArchiveBoxIcon, roles: STAFF_ROLES },
  { to: "/dashboard/categories", label: "Categories", icon: TagIcon },
  { to: "/dashboard/discounts", label: "Discounts", icon: TicketIcon, roles: STAFF_ROLES },
  { to: "/dashboard/customers", label: "Customers", icon: UsersIcon, roles: ["admin"] },
  {
    to: "/dashboard/reviews",
    label: reviewModeration.title,
    icon: ChatBubbleLeftRightIcon,
    roles: STAFF_ROLES,
  },
  { to: "/dashboard/media", label: "Media", icon: PhotoIcon },
  { to: "/dashboard/disputes", label: "Disputes", icon: ScaleIcon, roles: ["admin"] },
  { to: "/dashboard/emails", label: "Emails", icon: EnvelopeIcon, roles: ["admin"] },
  {
    to: "/dashboard/messages",
    label: messagesPage.title,
    icon: ChatBubbleOvalLeftEllipsisIcon,
    roles: STAFF_ROLES,
  },
  { to: "/dashboard/activity", label: activityPage.title, icon: ClipboardDocumentListIcon, roles: ["admin"] },
  { to: "/dashboard/webhooks", label: webhookWords.page.title, icon: BoltIcon, roles: ["admin"] },
  { to: "/dashboard/settings", label: settingsPage.title, icon: Cog6ToothIcon, roles: STAFF_ROLES },
];

const menuItemClass =
  "block w-full px-4 py-2 text-left text-sm text-neutral-700 data-focus:bg-neutral-100 data-focus:text-neutral-900";

interface DashboardSidebarProps {
  user: SessionUser;
  /** Given on small screens, where the sidebar is a drawer with a close button. */
  onClose?: () => void;
}

export function DashboardSidebar({ user, onClose }: DashboardSidebarProps) {
  const logout = useLogout();
  const items = NAV.filter((item) => !item.roles || item.roles.includes(user.role));

  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Link to="/" aria-label="Go to the shop">
          <Logo />
        </Link>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close sidebar"
            className="-mr-2 inline-flex size-10 items-center justify-center rounded-control text-neutral-600 hover:bg-neutral-100"
          >
            <XMarkIcon className="size-6" aria-hidden="true" />
          </button>
        ) : null}
      </div>

      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cx(
                    "group flex items-center gap-3 rounded-control px-3 py-2 text-sm font-medium",
                    isActive
                      ? "bg-brand-600 text-white"
                      : "text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900",
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon
                      className={cx(
                        "size-5 shrink-0",
                        isActive ? "text-white" : "text-neutral-400 group-hover:text-neutral-600",
                      )}
                      aria-hidden="true"
                    />
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex items-center gap-3 border-t border-neutral-200 px-4 py-4">
        <Avatar firstName={user.name.firstName} url={user.avatarUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-neutral-900">{fullName(user)}</p>
          <p className="truncate text-xs text-neutral-500">{user.email}</p>
        </div>
        <Menu as="div" className="relative">
          <MenuButton
            aria-label="User menu"
            className="inline-flex size-9 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 data-open:bg-neutral-100"
          >
            <EllipsisVerticalIcon className="size-5" aria-hidden="true" />
          </MenuButton>
          {/* NOTE: it animates in with CSS alone and closes at once, without `transition` (components/dialog.tsx says why). */}
          <MenuItems className="absolute right-0 bottom-full z-50 mb-2 w-44 origin-bottom-right rounded-card bg-white py-1 shadow-popover ring-1 ring-neutral-200 transition duration-150 focus:outline-none starting:translate-y-1 starting:opacity-0">
            <MenuItem>
              <Link to="/account/profile" className={menuItemClass}>
                Profile
              </Link>
            </MenuItem>
            <MenuItem>
              <Link to="/contact" className={menuItemClass}>
                Help
              </Link>
            </MenuItem>
            <MenuItem disabled={logout.isPending}>
              <button type="button" onClick={() => logout.mutate()} className={menuItemClass}>
                Logout
              </button>
            </MenuItem>
          </MenuItems>
        </Menu>
      </div>
    </div>
  );
}
