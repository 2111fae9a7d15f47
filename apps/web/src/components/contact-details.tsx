import { EnvelopeIcon, MapPinIcon, PhoneIcon } from "@heroicons/react/24/outline";
import { POSTAL_ADDRESS } from "@shop/shared/site";
import { useConfig } from "../lib/config";
import { cx } from "../lib/cx";
import { Skeleton } from "./skeleton";

/** The postal address, and the support email and phone from GET /api/config (footer, contact page). */
export function ContactDetails({ tone = "light" }: { tone?: "light" | "dark" }) {
  const config = useConfig();
  const iconClass = cx("mt-0.5 size-5 shrink-0", tone === "dark" ? "text-neutral-400" : "text-brand-600");
  const linkClass = cx(
    "underline-offset-4 hover:underline",
    tone === "dark" ? "text-neutral-200 hover:text-white" : "text-brand-700",
  );

  return (
    <address className="space-y-3 text-sm not-italic">
      <p className="flex gap-3">
        <MapPinIcon className={iconClass} aria-hidden="true" />
        <span>
          {POSTAL_ADDRESS.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      </p>
      {config.isPending ? (
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
      {config.data ? (
        <>
          <p className="flex gap-3">
            <EnvelopeIcon className={iconClass} aria-hidden="true" />
            <a href={`mailto:${config.data.storeEmail}`} className={linkClass}>
              {config.data.storeEmail}
            </a>
          </p>
          <p className="flex gap-3">
            <PhoneIcon className={iconClass} aria-hidden="true" />
            <a href={`tel:${config.data.storePhone.replace(/[^\d+]/g, "")}`} className={linkClass}>
              {config.data.storePhone}
            </a>
          </p>
        </>
      ) : null}
    </address>
  );
}
