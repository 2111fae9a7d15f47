import { type SQL, sql } from "drizzle-orm";
import { char, jsonb, numeric } from "drizzle-orm/pg-core";
import { newId } from "#api/core/ids";

/** A primary key: 24-char lower-case hex in ObjectId layout, made by the API. */
export const primaryId = () => char({ length: 24 }).primaryKey().$defaultFn(newId);

/** A column holding another row's id. */
export const idRef = () => char({ length: 24 });

/**
 * An id as a value of a statement's own rows (`from (values ...)`), typed as the id columns are.
 * NOTE: an untyped value is text, and `column = text` makes PostgreSQL compare the column cast to
 * text: no index serves that, so every such join read the whole table (every order's stock taken
 * scanned every variant of the shop).
 */
export const idValue = (id: string): SQL => sql`${id}::char(24)`;

/** A GST rate in percent (0 to 50, two decimals), read and written as a JS number. */
export const taxRate = () => numeric({ precision: 5, scale: 2, mode: "number" });

/**
 * A rate by the value of a piece (GST 2.0's apparel and footwear: 5% up to ₹2,500, 18% above): slabs
 * ascending by `upTo`, the last one's null (no upper bound). Null where the flat `taxRate` applies.
 */
export const taxSlabs = () => jsonb().$type<{ upTo: number | null; rate: number }[]>();

/** Money: numeric(12,2), read and written as JS numbers. */
export const money = () => numeric({ precision: 12, scale: 2, mode: "number" });
