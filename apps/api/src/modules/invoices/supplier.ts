/**
 * The supplier a GST document states (CGST rule 46(a)): the store settings in effect when it is
 * issued, copied onto the document by the statement that numbers it, so that a copy printed later
 * never takes today's address or GSTIN (GST.md, "The tax invoice"). The details in effect live in
 * one row (`supplier_details`), written when the app starts and whenever the owner saves the store.
 */
import { indianState } from "@shop/shared/india";
import type { StoreSettings } from "@shop/shared/schemas/settings";
import { and, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type SupplierDetails, supplierDetails } from "#api/db/schema/invoices";
import { orders } from "#api/db/schema/orders";
import { refunds } from "#api/db/schema/refunds";

export type { SupplierDetails };

/** The supplier's details from the store settings. */
export function supplierOf(store: StoreSettings): SupplierDetails {
  const state = indianState(store.state);
  return {
    legalName: store.legalName ?? store.name,
    name: store.name,
    address: store.address,
    gstin: store.gstin,
    stateCode: state?.code ?? store.gstin.slice(0, 2),
    stateName: state?.name ?? store.state,
    signatory: store.signatory,
  };
}

/** Makes `details` the supplier of the documents issued from now on. */
export async function recordSupplier(db: Database, details: SupplierDetails): Promise<void> {
  await db
    .insert(supplierDetails)
    .values({ id: 1, details })
    .onConflictDoUpdate({ target: supplierDetails.id, set: { details } });
}

/** The supplier of the documents issued now (null before the app first recorded one). */
export async function currentSupplier(db: Database): Promise<SupplierDetails | null> {
  const [row] = await db.select({ details: supplierDetails.details }).from(supplierDetails).limit(1);
  return row?.details ?? null;
}

/**
 * Documents issued before documents kept their supplier take the one in effect when this version
 * first starts: the best record there is of who issued them. Each only once (a partial index finds
 * those left, none after the first start).
 */
export async function giveSupplierToOlderDocuments(db: Database, details: SupplierDetails): Promise<void> {
  await db
    .update(orders)
    .set({ invoiceSupplier: details, invoiceGstin: details.gstin })
    .where(and(isNotNull(orders.invoiceNumber), isNull(orders.invoiceSupplier)));
  await db
    .update(refunds)
    .set({ creditNoteSupplier: details, creditNoteGstin: details.gstin })
    .where(and(isNotNull(refunds.creditNoteNumber), isNull(refunds.creditNoteSupplier)));
}
