/**
 * The zod schemas of what the persisted stores keep in local storage (lib/stored-state.ts), built
 * from the DTO schemas of @shop/shared, and the checks that keep the valid part of a stored state.
 * Loaded on demand: zod stays out of the entry chunk.
 */
import { DISCOUNT_CODE_PATTERN, ROLES } from "@shop/shared/constants";
import type { AddressDto as Address } from "@shop/shared/schemas/address";
import { AddressDto } from "@shop/shared/schemas/address";
import { MERGE_KEY_PATTERN } from "@shop/shared/schemas/cart";
import { ProductDto, ProductSummaryDto, VariantDto } from "@shop/shared/schemas/product";
import { z } from "zod";
import type { CartItem, PendingMerge, RecentProduct, SessionUser } from "./stored-state-types";

const CartProduct = ProductSummaryDto.pick({
  _id: true,
  name: true,
  thumbnail: true,
  price: true,
  onSale: true,
  salePrice: true,
  stock: true,
  isActive: true,
});

// NOTE: `variant` is optional: carts stored before variants hold lines without one (products with a
// single variant, which an order line may leave out).
const CartItemSchema = z.object({
  product: CartProduct,
  variant: VariantDto.pick({ _id: true, options: true }).optional(),
  quantity: z.number().int().min(1),
});

const RecentProductSchema = ProductDto.pick({
  _id: true,
  name: true,
  price: true,
  onSale: true,
  salePrice: true,
  stock: true,
  isActive: true,
  category: true,
  thumbnail: true,
  rating: true,
  description: true,
  reviews: true,
}).extend({
  // Entries stored before options existed have none: the card shows them without "from".
  options: ProductDto.shape.options.default([]),
});

const SessionUserSchema = z.object({
  id: z.string(),
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  active: z.boolean(),
});

// The schemas must describe the stores' own types: a change to either fails the type check here.
const _types: [z.ZodType<CartItem>, z.ZodType<RecentProduct>, z.ZodType<SessionUser>, z.ZodType<Address>] = [
  CartItemSchema,
  RecentProductSchema,
  SessionUserSchema,
  AddressDto,
];
void _types;

const StateObject = z.record(z.string(), z.unknown());

/** The entries of a stored list that match their schema; anything but a list is an empty one. */
function validEntries<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function stateObject(state: unknown): Record<string, unknown> | null {
  const parsed = StateObject.safeParse(state);
  return parsed.success ? parsed.data : null;
}

const StoredDiscountCode = z.string().regex(DISCOUNT_CODE_PATTERN).nullable();

// NOTE: a merge kept by an earlier version (its copy's signature in place of the copy) is dropped.
const StoredPendingMerge = z
  .object({
    key: z.string().regex(MERGE_KEY_PATTERN),
    items: z.array(CartItemSchema),
    discountCode: StoredDiscountCode,
  })
  .nullable();

const StoredOwner = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .nullable();

/**
 * The cart: its valid lines, the delivery address when it is a whole one, a well-formed code, and
 * whose kept cart it copies (a cart stored before it was kept by the server is the device's own).
 */
export function checkCart(state: unknown): {
  items: CartItem[];
  address: Address | null;
  discountCode: string | null;
  owner: string | null;
  unsaved: boolean;
  pendingMerge: PendingMerge | null;
  pendingHeart: string | null;
} | null {
  const stored = stateObject(state);
  if (!stored) return null;
  const address = AddressDto.nullable().safeParse(stored.address ?? null);
  const code = StoredDiscountCode.safeParse(stored.discountCode ?? null);
  const owner = StoredOwner.safeParse(stored.owner ?? null);
  const pendingMerge = StoredPendingMerge.safeParse(stored.pendingMerge ?? null);
  const pendingHeart = StoredOwner.safeParse(stored.pendingHeart ?? null);
  return {
    items: validEntries(CartItemSchema, stored.items),
    address: address.success ? address.data : null,
    discountCode: code.success ? code.data : null,
    owner: owner.success ? owner.data : null,
    unsaved: stored.unsaved === true,
    pendingMerge: pendingMerge.success ? pendingMerge.data : null,
    pendingHeart: pendingHeart.success ? pendingHeart.data : null,
  };
}

/** Recently viewed: the valid product snapshots. */
export function checkRecentlyViewed(state: unknown): { products: RecentProduct[] } | null {
  const stored = stateObject(state);
  return stored ? { products: validEntries(RecentProductSchema, stored.products) } : null;
}

/** The session snapshot: the user when it is a whole one, else nobody (the server's cookie decides). */
export function checkSession(state: unknown): { user: SessionUser | null } | null {
  const stored = stateObject(state);
  if (!stored) return null;
  const user = SessionUserSchema.nullable().safeParse(stored.user ?? null);
  return { user: user.success ? user.data : null };
}
