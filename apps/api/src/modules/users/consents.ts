/**
 * A shopper's WhatsApp consents (docs/whatsapp.md): order updates, and offers and reminders, each
 * given at checkout or on the account page and ended there or by a STOP on WhatsApp. Nothing is
 * sent on WhatsApp without the consent for it; every change is kept with its time and source.
 */

import { api, whatsappApi } from "@shop/shared/messages";
import type { ConsentKind, ConsentSource } from "@shop/shared/messaging";
import type { ConsentsDto, ConsentsInput } from "@shop/shared/schemas/whatsapp";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import {
  type ConsentChange,
  type ConsentRow,
  endConsentsOfPhone,
  endMarketingOfPhone,
  findConsents,
  lastConsentChanges,
  lockConsents,
  newestAddressPhone,
  writeConsents,
} from "./repo-consents";

/** The changes a choice makes to the consents as they stand (none for a consent left as it is). */
function changesOf(current: ConsentRow, wanted: Partial<ConsentsInput>): ConsentChange[] {
  const changes: ConsentChange[] = [];
  const now: Record<ConsentKind, boolean> = {
    whatsappOrders: current.ordersAt !== null,
    whatsappMarketing: current.marketingAt !== null,
  };
  for (const kind of ["whatsappOrders", "whatsappMarketing"] as const) {
    const given = wanted[kind];
    if (given !== undefined && given !== now[kind]) changes.push({ kind, given });
  }
  return changes;
}

/**
 * Checkout's ticks, in the placement's transaction: the consents as the shopper left them, for the
 * delivery address's number. A tick not sent leaves its consent as it is.
 */
export async function recordCheckoutConsents(
  tx: Database,
  userId: string,
  wanted: Partial<ConsentsInput>,
  { phone, orderId }: { phone: string; orderId: string },
): Promise<void> {
  if (wanted.whatsappOrders === undefined && wanted.whatsappMarketing === undefined) return;
  const current = await lockConsents(tx, userId);
  if (!current) return;
  const changes = changesOf(current, wanted);
  const giving = changes.some((change) => change.given);
  await writeConsents(tx, userId, changes, {
    source: "checkout",
    phone: giving || current.phone === null ? phone : null,
    orderId,
  });
}

/**
 * The account page's choice: both consents, for the number given, else the one kept, else the
 * newest address's. 400 at `phone` for a consent given with no number known.
 */
export async function changeConsents(
  db: Database,
  userId: string,
  wanted: ConsentsInput & { phone?: string | undefined },
): Promise<ConsentsDto> {
  await db.transaction(async (tx) => {
    const current = await lockConsents(tx, userId);
    if (!current) throw new AppError("UNAUTHORIZED", api.notSignedIn);
    const changes = changesOf(current, wanted);
    const giving = wanted.whatsappOrders || wanted.whatsappMarketing;
    const phone = wanted.phone ?? current.phone ?? (giving ? await newestAddressPhone(tx, userId) : null);
    if (giving && !phone)
      throw new AppError("BAD_REQUEST", whatsappApi.phoneNeeded, { phone: whatsappApi.phoneNeeded });
    await writeConsents(tx, userId, changes, {
      source: "account",
      phone: wanted.phone ?? (current.phone === null ? phone : null),
      orderId: null,
    });
  });
  return getConsents(db, userId);
}

/** The consents as they stand, each with when and where it was last given or ended. */
export async function getConsents(db: Database, userId: string): Promise<ConsentsDto> {
  const [row, changes] = await Promise.all([findConsents(db, userId), lastConsentChanges(db, userId)]);
  const of = (kind: ConsentKind, givenAt: Date | null) => {
    const last = changes.get(kind);
    return {
      given: givenAt !== null,
      at: (givenAt ?? last?.at)?.toISOString() ?? null,
      source: (last?.source ?? null) as ConsentSource | null,
    };
  };
  return {
    whatsappOrders: of("whatsappOrders", row?.ordersAt ?? null),
    whatsappMarketing: of("whatsappMarketing", row?.marketingAt ?? null),
    phone: row?.phone ?? null,
  };
}

/** The 10 digits of an Indian WhatsApp number (91 and ten digits); null for another country's. */
export function phoneOfWhatsApp(number: string): string | null {
  return /^91\d{10}$/.test(number) ? number.slice(2) : null;
}

/** A STOP from a number: every consent given for it ended (source "whatsapp"); answers how many shoppers. */
export async function stopConsentsOf(tx: Database, number: string): Promise<number> {
  const phone = phoneOfWhatsApp(number);
  return phone ? (await endConsentsOfPhone(tx, phone)).length : 0;
}

/** Meta said the number stopped this business's marketing (131050): its offers' consent ended. */
export async function stopMarketingOf(tx: Database, number: string): Promise<void> {
  const phone = phoneOfWhatsApp(number);
  if (phone) await endMarketingOfPhone(tx, phone);
}
