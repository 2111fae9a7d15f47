import { settingsPage } from "@shop/shared/messages";
import { SETTINGS_SECTIONS, type Settings } from "@shop/shared/schemas/settings";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { useSession } from "#web/lib/session";
import { SectionBody, SectionHeader } from "../components/section-header";
import { useSettings } from "./api/get-settings";
import { CheckoutForm } from "./components/checkout-form";
import { CurrencyForm } from "./components/currency-form";
import { FulfilmentForm } from "./components/fulfilment-form";
import { InventoryForm } from "./components/inventory-form";
import { MarketingForm } from "./components/marketing-form";
import { SecurityForm } from "./components/security-form";
import { cardClass } from "./components/settings-card";
import { SettingsHistory } from "./components/settings-history";
import { ShippingForm } from "./components/shipping-form";
import { StoreForm } from "./components/store-form";
import { TaxForm } from "./components/tax-form";
import { WhatsAppForm } from "./components/whatsapp-form";

/** How many fields each section's skeleton shows, so that the forms take its place without a jump. */
const SKELETON_FIELDS = {
  store: 7,
  currency: 2,
  taxes: 3,
  shipping: 4,
  checkout: 4,
  fulfilment: 3,
  inventory: 1,
  security: 1,
  marketing: 4,
  whatsapp: 2,
} as const;

/** While the settings load: each section's card with its title, its fields greyed. */
function SettingsSkeleton() {
  return (
    <>
      {SETTINGS_SECTIONS.map((section) => (
        <section
          key={section}
          aria-label={settingsPage.sections[section].title}
          className={`${cardClass} space-y-5`}
        >
          <div className="space-y-2">
            <h2 className="text-base font-semibold text-neutral-900">
              {settingsPage.sections[section].title}
            </h2>
            <Skeleton className="h-4 w-2/3" />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {Array.from({ length: SKELETON_FIELDS[section] }, (_, field) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <div key={field} className="space-y-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

function SettingsForms({ settings, readOnly }: { settings: Settings; readOnly: boolean }) {
  const currency = settings.currency.code;
  return (
    <>
      <StoreForm value={settings.store} readOnly={readOnly} />
      <CurrencyForm value={settings.currency} readOnly={readOnly} />
      <TaxForm value={settings.taxes} readOnly={readOnly} />
      <ShippingForm value={settings.shipping} currency={currency} readOnly={readOnly} />
      <CheckoutForm value={settings.checkout} currency={currency} readOnly={readOnly} />
      <FulfilmentForm value={settings.fulfilment} readOnly={readOnly} />
      <InventoryForm value={settings.inventory} readOnly={readOnly} />
      <SecurityForm value={settings.security} readOnly={readOnly} />
      <MarketingForm value={settings.marketing} readOnly={readOnly} />
      <WhatsAppForm value={settings.whatsapp} readOnly={readOnly} />
    </>
  );
}

/**
 * /dashboard/settings (admins and managers): the shop's own rules, section by section, each saved on
 * its own. Managers read them with every control disabled; admins change them and see the history.
 */
export function SettingsPage() {
  const head = <PageMeta title={pageTitle(settingsPage.title)} />;
  const isAdmin = useSession((state) => state.user?.role === "admin");
  const query = useSettings();

  return (
    <>
      {head}

      <SectionHeader title={settingsPage.title} />
      <SectionBody>
        <div className="max-w-4xl space-y-6">
          {isAdmin ? null : (
            <p className="rounded-card border border-neutral-200 bg-white px-4 py-3 text-sm text-neutral-700">
              {settingsPage.readOnly}
            </p>
          )}
          <QueryState query={query} loading={<SettingsSkeleton />}>
            {(settings) => <SettingsForms settings={settings} readOnly={!isAdmin} />}
          </QueryState>
          {isAdmin ? <SettingsHistory /> : null}
        </div>
      </SectionBody>
    </>
  );
}
