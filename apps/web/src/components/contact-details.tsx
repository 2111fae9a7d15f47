import { BuildingStorefrontIcon, EnvelopeIcon, MapPinIcon, PhoneIcon } from "@heroicons/react/24/outline";
import { useConfig } from "../lib/config";
import { cx } from "../lib/cx";
import { useShopSettings } from "../lib/shop-settings";
import { Skeleton } from "./skeleton";

/**
 * The store's name, postal address, email and phone as the owner saved them in the store settings
 * (footer, contact page): in the page the server sent from its first paint, then as GET /api/config
 * answers (docs/decisions/020-shop-settings-in-the-page.md).
 */
export function ContactDetails({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { store } = useShopSettings();
  const pending = useConfig().isPending;
  const iconClass = cx("mt-0.5 size-5 shrink-0", tone === "dark" ? "text-neutral-400" : "text-brand-600");
  const linkClass = cx(
    "break-all underline-offset-4 hover:underline",
    tone === "dark" ? "text-neutral-200 hover:text-white" : "text-brand-700",
  );
  // A page without the server's settings (the dev server) has no contact details until the config answers.
  const waiting = pending && !store.email;

  return (
    <address className="space-y-3 text-sm not-italic">
      <p className="flex gap-3">
        <BuildingStorefrontIcon className={iconClass} aria-hidden="true" />
        <span>
          <span className={cx("block font-medium", tone === "dark" ? "text-white" : "text-neutral-900")}>
            {store.name}
          </span>
          {store.legalName && store.legalName !== store.name ? (
            <span className="block">{store.legalName}</span>
          ) : null}
        </span>
      </p>
      {store.address ? (
        <p className="flex gap-3">
          <MapPinIcon className={iconClass} aria-hidden="true" />
          <span className="whitespace-pre-line">{store.address}</span>
        </p>
      ) : null}
      {waiting ? (
        <>
          <span className="flex gap-3">
            <EnvelopeIcon className={iconClass} aria-hidden="true" />
            <Skeleton tone={tone} className="h-5 w-44" />
          </span>
          <span className="flex gap-3">
            <PhoneIcon className={iconClass} aria-hidden="true" />
            <Skeleton tone={tone} className="h-5 w-32" />
          </span>
        </>
      ) : null}
      {store.email ? (
        <p className="flex gap-3">
          <EnvelopeIcon className={iconClass} aria-hidden="true" />
          <a href={`mailto:${store.email}`} className={linkClass}>
            {store.email}
          </a>
        </p>
      ) : null}
      {store.phone ? (
        <p className="flex gap-3">
          <PhoneIcon className={iconClass} aria-hidden="true" />
          <a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
            {store.phone}
          </a>
        </p>
      ) : null}
    </address>
  );
}
