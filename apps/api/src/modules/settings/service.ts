/**
 * The shop's settings (docs/design.md section 8): each section stored on its own, its defaults
 * (SPEC's values, the environment's for the store and the checkout limits) until the owner saves it.
 * Every instance keeps what it read for SETTINGS_CACHE_MS, and forgets it at once when a change is
 * announced (NOTIFY on SETTINGS_CHANNEL, app.ts listens): the time is the bound only while the
 * listening connection is down.
 */

import { CURRENCY, LOW_STOCK_THRESHOLD, SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { api, discountCodes, settingsPage, validation } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { DEFAULT_ABANDONED_CHECKOUT, type MarketingSettings } from "@shop/shared/schemas/marketing";
import { DEFAULT_SHIPROCKET } from "@shop/shared/schemas/parcel";
import {
  type CheckoutSettings,
  DEFAULT_COD_SETTINGS,
  DEFAULT_DISPATCH,
  DEFAULT_FULFILMENT_SETTINGS,
  mostUnpaidOrders,
  PAYMENT_METHODS,
  type PaymentMethod,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  type Settings,
  type SettingsChange,
  type SettingsSection,
  SPEC_TAX_SETTINGS,
  type StoreSettings,
} from "@shop/shared/schemas/settings";
import { DEFAULT_WHATSAPP_SETTINGS } from "@shop/shared/schemas/whatsapp";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { SHOP_NAME } from "@shop/shared/site";
import type { Config } from "#api/config";
import { AppError } from "#api/core/errors";
import { limitOffset, type PageRequest } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { SettingsChangeRow } from "#api/db/schema/settings";
import type { User } from "#api/db/schema/users";
import { recordActivity } from "#api/modules/activity/record";
import { deleteListsOfMethods } from "#api/modules/delivery/service";
import { discountCodeExists } from "#api/modules/discounts/service";
import { recordSupplier, supplierOf } from "#api/modules/invoices/service";
import { listSettingsChanges, readStoredSettings, writeSettingsSection } from "./repo";

/** How long an instance keeps the settings it read (SETTINGS_CACHE_MS overrides). */
export const SETTINGS_CACHE_MS = 5_000;

/** The providers this server has keys for (the test gateway where it has none), and cash on delivery, in SPEC's order. */
export function configuredPaymentMethods(
  config: Pick<Config, "razorpay" | "paypal" | "testGateway">,
): PaymentMethod[] {
  const configured: Record<PaymentMethod, boolean> = {
    razorpay: Boolean(config.razorpay),
    paypal: Boolean(config.paypal),
    test: config.testGateway,
    cod: true,
  };
  return PAYMENT_METHODS.filter((method) => configured[method]);
}

/**
 * The owner's order of the configured methods: those the owner placed, in that order, then the
 * others configured in SPEC's order (a provider configured since), without one configured no more.
 */
export function orderPaymentMethods(
  chosen: readonly PaymentMethod[],
  configured: readonly PaymentMethod[],
): PaymentMethod[] {
  const placed = chosen.filter((method) => configured.includes(method));
  return [...placed, ...configured.filter((method) => !placed.includes(method))];
}

/** What applies before the owner saves anything: SPEC's values, and the environment's. */
export function defaultSettings(config: Config): Settings {
  return {
    store: {
      name: SHOP_NAME,
      legalName: SHOP_NAME,
      // The documents' signatory block names none until the owner does ("For <legal name>" alone).
      signatory: null,
      email: config.storeEmail,
      phone: config.storePhone,
      address: config.storeAddress,
      gstin: config.storeGstin,
      state: config.storeState,
      utcOffset: SHOP_UTC_OFFSET,
    },
    currency: { code: CURRENCY, locale: "en-US" },
    taxes: SPEC_TAX_SETTINGS,
    shipping: { methods: [STANDARD_SHIPPING], dispatch: DEFAULT_DISPATCH, shiprocket: DEFAULT_SHIPROCKET },
    checkout: {
      holdMinutes: config.orderHoldMinutes,
      maxUnpaidOrders: config.orderLimits.maxUnpaidOrders,
      maxQuantityPerLine: config.orderLimits.maxQuantityPerLine,
      minimumOrder: 0,
      cod: DEFAULT_COD_SETTINGS,
      paymentMethods: configuredPaymentMethods(config),
      holdUnmatchedPayments: false,
    },
    fulfilment: DEFAULT_FULFILMENT_SETTINGS,
    inventory: { lowStockThreshold: LOW_STOCK_THRESHOLD },
    security: { requireStaffTwoFactor: false },
    marketing: { abandonedCheckout: DEFAULT_ABANDONED_CHECKOUT },
    whatsapp: DEFAULT_WHATSAPP_SETTINGS,
  };
}

/** One section's value, as its schema gives it. */
export type SectionValue = Settings[SettingsSection];

export interface SettingsStore {
  /** The settings as they apply now (read at most every SETTINGS_CACHE_MS). */
  current(): Promise<Settings>;
  /** Forgets what was read: the next call of current() reads the settings again (a change was announced). */
  forget(): void;
  /** Replaces one section (validated by its schema) and records the change; answers the section. */
  update(section: SettingsSection, value: SectionValue, actor: User): Promise<SectionValue>;
}

export interface SettingsStoreOptions {
  cacheMs?: number;
  /** Told of a stored section its schema no longer takes (its defaults apply instead). */
  onInvalid?: (section: SettingsSection, error: unknown) => void;
}

export function createSettingsStore(
  db: Database,
  config: Config,
  { cacheMs = SETTINGS_CACHE_MS, onInvalid }: SettingsStoreOptions = {},
): SettingsStore {
  const defaults = defaultSettings(config);
  const configured = configuredPaymentMethods(config);
  let kept: { settings: Settings; until: number } | undefined;
  let reading: Promise<Settings> | undefined;

  async function read(): Promise<Settings> {
    const stored = await readStoredSettings(db);
    const settings = { ...defaults };
    for (const section of SETTINGS_SECTIONS) {
      const value = stored.get(section);
      if (!value) continue;
      const parsed = SETTINGS_SCHEMAS[section].safeParse(value);
      if (parsed.success) Object.assign(settings, { [section]: parsed.data });
      else onInvalid?.(section, parsed.error);
    }
    // The keys may have changed since the owner saved the order.
    const { checkout } = settings;
    settings.checkout = {
      ...checkout,
      paymentMethods: orderPaymentMethods(checkout.paymentMethods, configured),
    };
    return settings;
  }

  /** The checkout section as it is kept: its payment methods all configured ones, in full (400 at each other one). */
  function checkedCheckout(value: CheckoutSettings): CheckoutSettings {
    const errors: Record<string, string> = {};
    // One limit with the environment: 50, or MAX_UNPAID_ORDERS when the server was started with more.
    const most = mostUnpaidOrders(config.orderLimits.maxUnpaidOrders);
    if (value.maxUnpaidOrders > most) errors.maxUnpaidOrders = validation.max(most);
    value.paymentMethods.forEach((method, index) => {
      if (!configured.includes(method))
        errors[`paymentMethods.${index}`] = validation.paymentMethodNotConfigured;
    });
    if (Object.keys(errors).length > 0) throw new AppError("BAD_REQUEST", api.invalidInput, errors);
    return { ...value, paymentMethods: orderPaymentMethods(value.paymentMethods, configured) };
  }

  /** The marketing section, its second reminder's code one that exists (400 at the field otherwise). */
  async function checkedMarketing(value: MarketingSettings): Promise<MarketingSettings> {
    const code = value.abandonedCheckout.discountCode;
    if (code !== null && !(await discountCodeExists(db, code)))
      throw new AppError("BAD_REQUEST", discountCodes.invalid, {
        "abandonedCheckout.discountCode": discountCodes.invalid,
      });
    return value;
  }

  return {
    forget() {
      kept = undefined;
    },
    async current() {
      if (kept && performance.now() < kept.until) return kept.settings;
      // One read at a time: requests arriving while it runs wait for it.
      reading ??= read()
        .then((settings) => {
          kept = { settings, until: performance.now() + cacheMs };
          return settings;
        })
        .finally(() => {
          reading = undefined;
        });
      return reading;
    },
    async update(section, given, actor) {
      const value =
        section === "checkout" && "paymentMethods" in given
          ? checkedCheckout(given)
          : section === "marketing" && "abandonedCheckout" in given
            ? await checkedMarketing(given)
            : given;
      const now = await this.current();
      await db.transaction(async (tx) => {
        const write = await writeSettingsSection(tx, section, now[section], value, {
          id: actor.id,
          name: fullName(actor),
        });
        // Documents issued from now on state the store as saved.
        if (section === "store") await recordSupplier(tx, supplierOf(value as StoreSettings));
        // A shipping method removed takes its PIN code list with it (the section as it was stored, locked).
        if (section === "shipping") await deleteListsOfMethods(tx, removedMethods(write.before, write.after));
        const subject = {
          type: "settings" as const,
          id: section,
          label: settingsPage.sections[section].title,
        };
        await recordActivity(tx, actor, "settings.updated", subject, write.before, write.after);
      });
      kept = undefined;
      return value;
    },
  };
}

/** The ids of the shipping methods a section had before a write and no longer has. */
function removedMethods(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const ids = (section: Record<string, unknown>) =>
    Array.isArray(section.methods)
      ? section.methods.flatMap((method: unknown) =>
          method && typeof method === "object" && "_id" in method && typeof method._id === "string"
            ? [method._id]
            : [],
        )
      : [];
  const kept = new Set(ids(after));
  return ids(before).filter((id) => !kept.has(id));
}

export function toSettingsChangeDto(row: SettingsChangeRow): SettingsChange {
  return {
    _id: row.id,
    section: row.section,
    at: row.at.toISOString(),
    by: { _id: row.actorId, name: row.actorName },
    before: row.before,
    after: row.after,
  };
}

export async function listChanges(db: Database, page: PageRequest) {
  const { rows, total } = await listSettingsChanges(db, limitOffset(page));
  return { rows: rows.map(toSettingsChangeDto), total };
}
