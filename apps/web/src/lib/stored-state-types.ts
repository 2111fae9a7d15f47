/**
 * What the persisted stores keep in local storage: the cart's lines (lib/cart-store.ts), the recently
 * viewed products (lib/recently-viewed.ts) and the signed-in user's snapshot (lib/session.ts).
 *
 * NOTE: these types live apart from their stores so that the stores and the schemas that check what
 * they read back (lib/stored-state-schemas.ts, which must describe these very types) both import them
 * without importing each other: a store imports lib/stored-state.ts, which names the schemas' module.
 */
import type { Role } from "@shop/shared/constants";
import type { ProductDto, ProductSummaryDto } from "@shop/shared/schemas/product";

/** What the cart remembers of a product (SPEC section 3). */
export type CartProduct = Pick<
  ProductSummaryDto,
  "_id" | "name" | "thumbnail" | "price" | "onSale" | "salePrice" | "stock" | "isActive"
>;

/**
 * The variant a line holds: its id and option values, in the product's option order.
 * Absent for a product without options (its only variant), as in carts stored before variants.
 */
export interface CartVariant {
  _id: string;
  options: Record<string, string>;
}

/**
 * A cart line. For a product with options the snapshot's price, sale price, stock and active flag
 * are its variant's: one line per (product, variant).
 */
export interface CartItem {
  product: CartProduct;
  variant?: CartVariant | undefined;
  quantity: number;
}

/** A sign-in's merge sent and not yet answered: its key and the device's copy as sent (lib/cart-sync.ts). */
export interface PendingMerge {
  key: string;
  items: CartItem[];
  discountCode: string | null;
}

/** A recently viewed product as the list keeps it (SPEC sections 3, 4 and 9). */
export type RecentProduct = Pick<
  ProductDto,
  | "_id"
  | "name"
  | "price"
  | "onSale"
  | "salePrice"
  | "stock"
  | "isActive"
  | "category"
  | "thumbnail"
  | "rating"
  | "description"
  | "reviews"
  | "options"
>;

/** The signed-in user's snapshot (SPEC section 4: id, name, avatar url, role, active flag, email). */
export interface SessionUser {
  id: string;
  name: { firstName: string; lastName: string };
  email: string;
  avatarUrl: string | null;
  role: Role;
  active: boolean;
}
