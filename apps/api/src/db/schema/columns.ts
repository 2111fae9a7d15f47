import { char, numeric } from "drizzle-orm/pg-core";
import { newId } from "#api/core/ids";

/** A primary key: 24-char lower-case hex in ObjectId layout, made by the API. */
export const primaryId = () => char({ length: 24 }).primaryKey().$defaultFn(newId);

/** A column holding another row's id. */
export const idRef = () => char({ length: 24 });

/** Money: numeric(12,2), read and written as JS numbers. */
export const money = () => numeric({ precision: 12, scale: 2, mode: "number" });
