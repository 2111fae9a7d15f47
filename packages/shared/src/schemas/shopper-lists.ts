/**
 * The wishlist (GET /wishlist, PUT and DELETE /wishlist/{productId}, signed in) and back-in-stock
 * requests (POST /stock-alerts, anyone).
 */
import { z } from "zod";
import { Email, Id } from "./common";
import { ProductSummaryDto } from "./product";

/** Products a shopper may keep saved at once: the list is read whole, so it stays small. */
export const WISHLIST_MAX = 200;

/** A saved product as the storefront's cards read it (today's price, sale price and stock), and when it was saved. */
export const WishlistItemDto = z.object({
  product: ProductSummaryDto,
  savedAt: z.string(),
});
export type WishlistItemDto = z.infer<typeof WishlistItemDto>;

/** What saving answers: the product saved and since when (the first save's time when it already was). */
export const WishlistEntryDto = z.object({
  product: z.string(),
  savedAt: z.string(),
});
export type WishlistEntryDto = z.infer<typeof WishlistEntryDto>;

/** POST /stock-alerts: the sold-out variant, and the address to write to once it is back. */
export const StockAlertInput = z
  .object({
    variant: Id,
    email: Email,
  })
  .strict();
export type StockAlertInput = z.infer<typeof StockAlertInput>;

/** The open request (the same one when asked again). */
export const StockAlertDto = z.object({
  variant: z.string(),
  email: z.string(),
});
export type StockAlertDto = z.infer<typeof StockAlertDto>;
