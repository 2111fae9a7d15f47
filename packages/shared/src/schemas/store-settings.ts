/**
 * The store section of the shop's settings: its details as the header, emails and GST documents state
 * them, its registration (GSTIN and state) and its clock.
 */
import { z } from "zod";
import { indianState } from "../india";
import { validation } from "../messages";
import { BuyerGstin, IndianStateName } from "./address";
import { Email, text } from "./common";

/** A GSTIN: 2-digit state code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** An offset from UTC, "+05:30": hours up to 14, minutes 00, 30 or 45. */
export const UTC_OFFSET_PATTERN = /^[+-](0\d|1[0-4]):(00|30|45)$/;

/** Who signs the shop's invoices and credit notes (CGST rule 46(q)): "Authorised Signatory" under them. */
export const Signatory = z
  .object({
    name: text({ min: 2, max: 80 }),
    designation: text({ min: 2, max: 80 }),
  })
  .strict();
export type Signatory = z.infer<typeof Signatory>;

export const StoreSettings = z
  .object({
    /** Shown in the header, page titles, emails and invoices. */
    name: text({ min: 2, max: 80 }),
    /** The registered business's legal name: "For <legal name>" over the signature (the store's name when left out). */
    legalName: text({ min: 2, max: 120 }).optional(),
    /** Who signs the documents; null: the legal name alone. */
    signatory: Signatory.nullable().default(null),
    email: Email,
    phone: text({ min: 6, max: 30 }),
    /** The postal address: on invoices, in emails and on the contact page. */
    address: text({ min: 10, max: 300 }),
    /** The shop's GSTIN, checked as a buyer's is (shape, check character) and against `state`. */
    gstin: BuyerGstin.pipe(z.string({ error: validation.gstin })),
    /** The seller's state: an invoice to an address in it splits GST into CGST and SGST, otherwise IGST. */
    state: IndianStateName,
    /** The shop's clock: days of lists and reports, invoice dates and financial years. */
    utcOffset: z
      .string({ error: validation.utcOffset })
      .trim()
      .regex(UTC_OFFSET_PATTERN, validation.utcOffset),
  })
  .strict()
  .superRefine(({ state, gstin }, ctx) => {
    // A GSTIN's first two digits are the code of the state it is registered in (GST.md).
    const listed = indianState(state);
    if (listed && !gstin.startsWith(listed.code))
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: validation.gstinOtherState(listed.name, listed.code),
        input: gstin,
      });
  })
  // A store saved before it had a legal name goes by its name.
  .transform((store) => ({ ...store, legalName: store.legalName ?? store.name }));
export type StoreSettings = z.infer<typeof StoreSettings>;
