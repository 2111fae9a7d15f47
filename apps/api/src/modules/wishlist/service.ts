/**
 * A signed-in shopper's wishlist: products saved with the heart, listed with today's price and
 * stock on /account/wishlist. Saving and removing are idempotent; a list holds at most WISHLIST_MAX.
 */
import { errors, wishlistWords } from "@shop/shared/messages";
import {
  WISHLIST_MAX,
  type WishlistEntryDto,
  type WishlistItemDto,
} from "@shop/shared/schemas/shopper-lists";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { toProductSummaryDto } from "#api/modules/products/dto";
import { deleteWishlistOfUser, listSavedProducts, removeSavedProduct, saveProduct } from "./repo";

/** The shopper's saved products that the shop still shows, newest saved first. */
export async function getWishlist(db: Database, userId: string): Promise<WishlistItemDto[]> {
  const rows = await listSavedProducts(db, userId, WISHLIST_MAX);
  return rows.map(({ savedAt, ...row }) => ({
    product: toProductSummaryDto(row),
    savedAt: savedAt.toISOString(),
  }));
}

/**
 * Saves a product: `created` tells a new save from one already there (201 and 200). 404 for a
 * product that is unknown or not shown in the shop; 409 once the list holds WISHLIST_MAX products.
 */
export async function saveToWishlist(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ entry: WishlistEntryDto; created: boolean }> {
  const outcome = await saveProduct(db, userId, productId, WISHLIST_MAX);
  if (!outcome.found) throw new AppError("NOT_FOUND", errors.productNotFound);
  if (!outcome.savedAt) throw new AppError("CONFLICT", wishlistWords.full(WISHLIST_MAX));
  return {
    entry: { product: productId, savedAt: outcome.savedAt.toISOString() },
    created: outcome.created,
  };
}

/** Removes a product from the list; removing one that is not there changes nothing. */
export async function removeFromWishlist(db: Database, userId: string, productId: string): Promise<void> {
  await removeSavedProduct(db, userId, productId);
}

/**
 * Removes every saved product of a user, in the caller's transaction: closing an account (the auth
 * module) leaves no list behind.
 */
export { deleteWishlistOfUser };
