/**
 * The owner's settings every page shows (the store's name and contact details, the currency amounts
 * are written in):
 * read from the page the server sent before the first render, so the first paint is right, then
 * kept in step with GET /api/config (docs/decisions/020-shop-settings-in-the-page.md).
 *
 * NOTE: no zod here: this module is on the storefront's first load (docs/decisions/008).
 */
import { DEFAULT_PAGE_SETTINGS, PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from "@shop/shared/site";
import { useEffect, useSyncExternalStore } from "react";
import { useConfig } from "./config";

function isText(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** The settings the server wrote into the page, or null when it wrote none (the Vite dev server, tests) or they do not read. */
export function readPageSettings(doc: Document): PageSettings | null {
  const text = doc.querySelector(`meta[name="${PAGE_SETTINGS_ELEMENT_ID}"]`)?.getAttribute("content");
  if (!text) return null;
  try {
    const { store, currency } = JSON.parse(text) ?? {};
    if (!isText(store?.name) || !/^[A-Z]{3}$/.test(currency?.code) || !isText(currency?.locale)) return null;
    const details = Object.fromEntries(
      (["legalName", "address", "email", "phone"] as const)
        .filter((key) => isText(store[key]))
        .map((key) => [key, store[key] as string]),
    );
    return {
      store: { name: store.name, ...details },
      currency: { code: currency.code, locale: currency.locale },
    };
  } catch {
    return null;
  }
}

let current: PageSettings =
  (typeof document === "undefined" ? null : readPageSettings(document)) ?? DEFAULT_PAGE_SETTINGS;
const listeners = new Set<() => void>();

/** The settings as the app shows them now. */
export function shopSettings(): PageSettings {
  return current;
}

function same(a: PageSettings, b: PageSettings): boolean {
  return (
    a.store.name === b.store.name &&
    a.store.legalName === b.store.legalName &&
    a.store.address === b.store.address &&
    a.store.email === b.store.email &&
    a.store.phone === b.store.phone &&
    a.currency.code === b.currency.code &&
    a.currency.locale === b.currency.locale
  );
}

/** Shows these settings from now on (tests set them as the server's page would). */
export function setShopSettings(next: PageSettings): void {
  if (same(current, next)) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The settings, re-rendering the component when they change. */
export function useShopSettings(): PageSettings {
  return useSyncExternalStore(subscribe, shopSettings, shopSettings);
}

/** The store's name, as the header and the page titles show it. */
export function useShopName(): string {
  return useShopSettings().store.name;
}

/**
 * Follows GET /api/config: once it answers with other settings than the page carried (the owner
 * changed them since, or the page carried none), those are shown.
 */
export function useFollowConfig(): void {
  const config = useConfig().data;
  useEffect(() => {
    if (config) setShopSettings({ store: config.store, currency: config.currency });
  }, [config]);
}

/**
 * A key that changes with the settings: a subtree keyed by it is drawn again when the owner changes
 * the name or the currency, so that no amount keeps the old currency (lib/money.ts reads the settings
 * when it writes, not when they change).
 */
export function useShopSettingsKey(): string {
  const { store, currency } = useShopSettings();
  return `${currency.code} ${currency.locale} ${store.name}`;
}
