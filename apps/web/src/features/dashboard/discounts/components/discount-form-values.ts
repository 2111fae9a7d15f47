import type { DiscountScope, DiscountType } from "@shop/shared/constants";
import { type DiscountDto, DiscountInput } from "@shop/shared/schemas/discount";
import { z } from "zod";

/**
 * What the discount form holds while it is filled in: the schema's input, except that the dates
 * are the datetime-local inputs' text in the browser's time zone ("2026-11-23T09:30", or "" for
 * none) and an empty number field is "not set".
 */
export interface DiscountFormState {
  code: string;
  type: DiscountType;
  value: number | undefined;
  minSubtotal: number | null;
  startsAt: string;
  endsAt: string;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  appliesTo: DiscountScope;
  categories: string[];
  products: string[];
  combinesWithSale: boolean;
  isActive: boolean;
}

/** The fields a refusal from the server may name (lib/form-errors.ts). */
export const DISCOUNT_FIELDS = [
  "code",
  "type",
  "value",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "appliesTo",
  "categories",
  "products",
  "combinesWithSale",
  "isActive",
] as const satisfies readonly (keyof DiscountFormState)[];

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local input shows it: the browser's wall-clock time, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local input's text, read in the browser's time zone, as the ISO instant the API takes;
 * null when empty. Text that is not a date is passed on as it is, for the schema to refuse.
 */
export function fromLocalInput(local: string): string | null {
  if (local.trim() === "") return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An empty number field is "no value", not NaN or 0. */
export const asNumber = (value: unknown) => (value === "" || value === null ? undefined : Number(value));
export const asNumberOrNull = (value: unknown) => asNumber(value) ?? null;

/** The body the API takes: the dates as instants, a free-shipping code's value 0, only the scope's targets. */
export function toDiscountInput(state: DiscountFormState): z.input<typeof DiscountInput> {
  return {
    code: state.code,
    type: state.type,
    value: state.type === "free_shipping" ? 0 : state.value,
    minSubtotal: state.minSubtotal,
    startsAt: fromLocalInput(state.startsAt),
    endsAt: fromLocalInput(state.endsAt),
    usageLimit: state.usageLimit,
    perCustomerLimit: state.perCustomerLimit,
    appliesTo: state.appliesTo,
    categories: state.appliesTo === "categories" ? state.categories : [],
    products: state.appliesTo === "products" ? state.products : [],
    combinesWithSale: state.combinesWithSale,
    isActive: state.isActive,
  };
}

/**
 * The form's resolver schema: the state made into the API's body, then checked by the shared
 * DiscountInput, whose messages land at the same fields.
 */
export const discountFormSchema = z
  .custom<DiscountFormState>()
  .transform(toDiscountInput)
  .pipe(DiscountInput);

export function discountFormDefaults(discount: DiscountDto | undefined): DiscountFormState {
  if (!discount) {
    return {
      code: "",
      type: "percentage",
      value: undefined,
      minSubtotal: null,
      startsAt: "",
      endsAt: "",
      usageLimit: null,
      perCustomerLimit: null,
      appliesTo: "all",
      categories: [],
      products: [],
      combinesWithSale: false,
      isActive: true,
    };
  }
  return {
    code: discount.code,
    type: discount.type,
    value: discount.type === "free_shipping" ? undefined : discount.value,
    minSubtotal: discount.minSubtotal,
    startsAt: toLocalInput(discount.startsAt),
    endsAt: toLocalInput(discount.endsAt),
    usageLimit: discount.usageLimit,
    perCustomerLimit: discount.perCustomerLimit,
    appliesTo: discount.appliesTo,
    categories: discount.categories,
    products: discount.products,
    combinesWithSale: discount.combinesWithSale,
    isActive: discount.isActive,
  };
}
