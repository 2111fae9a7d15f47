/**
 * GET /api/delivery/{pincode}: whether the shop delivers to a PIN code, with which methods and by
 * which day, and whether cash on delivery is possible there; read by the delivery check (product
 * page, cart) and the checkout's methods. The PIN code a shopper last checked is kept on the device.
 */
import { deliveryCheck } from "@shop/shared/messages";
import { pincodeOf } from "@shop/shared/pincode-states";
import type { AddressDto } from "@shop/shared/schemas/address";
import type { DeliveryDto } from "@shop/shared/schemas/delivery";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { responseSchemas } from "./response-schemas";
import { readStored } from "./stored-state";

export const DELIVERY_PINCODE_STORAGE_KEY = "shop-delivery-pincode";

/** Every answer, for a change that may alter them all (a method's PIN code list uploaded). */
export const deliveryKeys = {
  all: ["delivery"] as const,
  answer: (pincode: string, product: string | undefined) =>
    [...deliveryKeys.all, pincode, product ?? null] as const,
};

export function getDelivery(
  pincode: string,
  { product, signal }: { product?: string | undefined; signal?: AbortSignal } = {},
): Promise<DeliveryDto> {
  return api.get(`/delivery/${encodeURIComponent(pincode)}`, {
    query: { product },
    schema: responseSchemas.delivery,
    signal,
    defaultMessage: deliveryCheck.failed,
  });
}

/** One answer per PIN code (and product): checking a code again, or on the next page, asks nothing. */
export function deliveryQueryOptions(pincode: string, product?: string) {
  return queryOptions({
    queryKey: deliveryKeys.answer(pincode, product),
    queryFn: ({ signal }) => getDelivery(pincode, { product, signal }),
    // The methods and their days change when the owner changes them, and a day's date at the cut-off hour.
    staleTime: 5 * 60_000,
  });
}

/** The PIN code last checked on this device, or null (none, storage refused, or not a PIN code). */
export function rememberedPincode(): string | null {
  const stored = readStored(DELIVERY_PINCODE_STORAGE_KEY);
  return pincodeOf(stored) ?? null;
}

export function rememberPincode(pincode: string): void {
  try {
    localStorage.setItem(DELIVERY_PINCODE_STORAGE_KEY, pincode);
  } catch {
    // NOTE: storage refused (private mode, full): the answer shows all the same, it is only not kept.
  }
}

/** An address's PIN code when it is one ("400 001" read as 400001; an address may hold another shape). */
export function addressPincode(address: Pick<AddressDto, "pinCode"> | null | undefined): string | null {
  return pincodeOf(address?.pinCode) ?? null;
}

/**
 * The day the fastest of the methods delivers by ("YYYY-MM-DD" compares as days do), or null when
 * none of them says a number of days.
 */
export function earliestDelivery(methods: readonly Pick<DeliveryDto["methods"][number], "deliverBy">[]) {
  let earliest: string | null = null;
  for (const { deliverBy } of methods) {
    if (deliverBy !== null && (earliest === null || deliverBy < earliest)) earliest = deliverBy;
  }
  return earliest;
}
