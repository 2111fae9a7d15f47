/**
 * What the settings forms hold while they are filled in, and how each becomes the body its section
 * is saved with. An empty number field is "no value" (zod says 'This is required.'), never NaN or 0.
 */
import {
  CheckoutSettings as CheckoutSchema,
  type CheckoutSettings,
  CurrencySettings,
  InventorySettings as InventorySchema,
  type InventorySettings,
  type PaymentMethod,
  StoreSettings as StoreSchema,
  type StoreSettings,
  TaxSettings as TaxSchema,
  type TaxSettings,
} from "@shop/shared/schemas/settings";
import type { Path } from "react-hook-form";
import { z } from "zod";

export const asNumber = (value: unknown) => (value === "" || value === null ? undefined : Number(value));
export const asNumberOrNull = (value: unknown) => asNumber(value) ?? null;

/** The fields a refusal from the server may name (lib/form-errors.ts), section by section. */
export const STORE_FIELDS = [
  "name",
  "legalName",
  "email",
  "phone",
  "address",
  "gstin",
  "state",
  "utcOffset",
  "signatory.name",
  "signatory.designation",
] as const satisfies readonly Path<StoreFormState>[];

/** The store section as its form holds it: the legal name and the signatory's fields as text (empty: none). */
export type StoreFormState = Omit<StoreSettings, "legalName" | "signatory"> & {
  legalName: string;
  signatory: { name: string; designation: string };
};

export function storeFormState(store: StoreSettings): StoreFormState {
  return {
    ...store,
    legalName: store.legalName ?? "",
    signatory: store.signatory ?? { name: "", designation: "" },
  };
}

/** The legal name left empty is none (the store name prints); a signatory with both fields empty is none. */
export const storeFormSchema: z.ZodType<StoreSettings, StoreFormState> = z
  .custom<StoreFormState>()
  .transform(({ legalName, signatory, ...rest }): unknown => ({
    ...rest,
    ...(legalName.trim() ? { legalName } : {}),
    signatory: signatory.name.trim() || signatory.designation.trim() ? signatory : null,
  }))
  .pipe(StoreSchema);
export const CURRENCY_FIELDS = ["code", "locale"] as const satisfies readonly (keyof CurrencySettings)[];
export const TAX_FIELDS = [
  "pricesIncludeTax",
  "defaultRate",
  "defaultHsn",
  "chargesTaxed",
] as const satisfies readonly (keyof TaxSettings)[];
export const CHECKOUT_FIELDS = [
  "holdMinutes",
  "maxUnpaidOrders",
  "maxQuantityPerLine",
  "minimumOrder",
  "cod.enabled",
  "cod.maxOrderValue",
  "cod.fee",
  "cod.blockedPincodes",
  "cod.blockAfterRefusal",
  "cod.onlineDiscount",
  "cod.confirmHours",
  "paymentMethods",
] as const;

/**
 * A field of the checkout form a server's error may name: each listed one, each payment method's
 * place, and a PIN code of the list (shown under the list's one field).
 */
export function isCheckoutField(path: string): path is Path<CheckoutFormState> {
  return (
    (CHECKOUT_FIELDS as readonly string[]).includes(path) ||
    /^paymentMethods\.\d+$/.test(path) ||
    /^cod\.blockedPincodes\.\d+$/.test(path)
  );
}

/**
 * The PIN codes as the owner types them: one per line, or separated by commas or spaces; a code
 * written as India Post prints it ("400 001") stays one (the schema takes its space out).
 */
export function pincodesOf(text: string): string[] {
  return text.split(/[\n,;]+/).flatMap((piece) => {
    const trimmed = piece.trim();
    if (trimmed === "") return [];
    return /^\d{3}\s+\d{3}$/.test(trimmed) ? [trimmed] : trimmed.split(/\s+/);
  });
}

export const INVENTORY_FIELDS = ["lowStockThreshold"] as const satisfies readonly (keyof InventorySettings)[];

export type InventoryFormState = { lowStockThreshold: number | undefined };

export const inventoryFormSchema: z.ZodType<InventorySettings, InventoryFormState> = z
  .custom<InventoryFormState>()
  .transform((state): unknown => state)
  .pipe(InventorySchema);

export type TaxFormState = Omit<TaxSettings, "defaultRate"> & { defaultRate: number | undefined };

/**
 * The checkout form: its numbers may be empty while typed; cash on delivery is two switches, three
 * amounts, its hours to confirm and the PIN codes it is refused for as one text; the payment methods
 * an order the owner moves them in.
 */
export type CheckoutFormState = {
  [K in Exclude<keyof CheckoutSettings, "cod" | "paymentMethods" | "holdUnmatchedPayments">]:
    | number
    | undefined;
} & {
  holdUnmatchedPayments: boolean;
  cod: {
    enabled: boolean;
    maxOrderValue: number | undefined;
    fee: number | undefined;
    /** One PIN code per line, as the text area holds them. */
    blockedPincodes: string;
    blockAfterRefusal: boolean;
    onlineDiscount: number | undefined;
    confirmHours: number | undefined;
  };
  paymentMethods: PaymentMethod[];
};

/** The checkout section as its form holds it. */
export function checkoutFormState(checkout: CheckoutSettings): CheckoutFormState {
  return {
    ...checkout,
    cod: {
      ...checkout.cod,
      blockedPincodes: (checkout.cod.blockedPincodes ?? []).join("\n"),
      blockAfterRefusal: checkout.cod.blockAfterRefusal ?? true,
      onlineDiscount: checkout.cod.onlineDiscount ?? 0,
      confirmHours: checkout.cod.confirmHours ?? 48,
    },
    paymentMethods: [...checkout.paymentMethods],
  };
}

/** The taxes form's resolver schema: the shared TaxSettings, whose messages land at the same fields. */
export const taxFormSchema: z.ZodType<TaxSettings, TaxFormState> = z
  .custom<TaxFormState>()
  .transform((state): unknown => state)
  .pipe(TaxSchema);

export const checkoutFormSchema: z.ZodType<CheckoutSettings, CheckoutFormState> = z
  .custom<CheckoutFormState>()
  .transform((state): unknown => ({
    ...state,
    cod: { ...state.cod, blockedPincodes: pincodesOf(state.cod.blockedPincodes) },
  }))
  .pipe(CheckoutSchema);

/** The amount the currency section writes as an example. */
const PREVIEW_AMOUNT = 123456;

/**
 * 123456 as the shop would write it with this code and locale ("₹1,23,456.00" for INR and en-IN), or
 * null while either is not one the shop can use.
 */
export function currencyPreview(code: string, locale: string): string | null {
  const parsed = CurrencySettings.safeParse({ code, locale });
  if (!parsed.success) return null;
  return new Intl.NumberFormat(parsed.data.locale, { style: "currency", currency: parsed.data.code }).format(
    PREVIEW_AMOUNT,
  );
}
