import { Link } from "react-router";
import { ContactDetails } from "#web/components/contact-details";
import { Logo } from "#web/components/logo";
import { useShopName } from "#web/lib/shop-settings";
import { HELP_LINKS, SHOP_LINKS } from "./storefront-links";

function LinkColumn({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-white hover:underline hover:underline-offset-4">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StorefrontFooter() {
  const shopName = useShopName();
  return (
    <footer className="bg-neutral-900 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" aria-label={`${shopName} home`}>
            <Logo inverted />
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-6">
            Clothing, shoes and watches picked with care, delivered across India.
          </p>
        </div>
        <LinkColumn title="Shop" links={SHOP_LINKS} />
        <LinkColumn title="Help" links={HELP_LINKS} />
        <div>
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <div className="mt-4">
            <ContactDetails tone="dark" />
          </div>
        </div>
      </div>
      <div className="border-t border-neutral-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-neutral-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {shopName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
