/**
 * The zod schemas of what the persisted stores keep in local storage (lib/stored-state.ts), and the
 * checks that keep the valid part of a stored state. Loaded on demand, before a returning visitor's
 * first render: zod stays out of the entry chunk.
 *
 * NOTE: written with `zod/mini` and shapes of their own rather than built from the DTO schemas of
 * @shop/shared: those bring zod's full API and the schema modules they import (products, settings,
 * orders), several times the code, which a returning visitor's first render waited for. The type
 * check below keeps each shape the stores' own type: a field added to a DTO that the stores keep
 * fails it until the shape here has it too.
 */
import { DISCOUNT_CODE_PATTERN, MERGE_KEY_PATTERN, ROLES } from "@shop/shared/constants";
import type { AddressDto as Address } from "@shop/shared/schemas/address";
import * as z from "zod/mini";
import type { CartItem, PendingMerge, RecentProduct, SessionUser } from "./stored-state-types";

const text = z.string();
const integer = z.number().check(z.int());
const PersonName = z.object({ firstName: text, lastName: text });

const Media = z.object({
  _id: text,
  name: text,
  url: text,
  width: integer,
  height: integer,
  variants: z.array(z.object({ width: integer, url: text })),
  createdAt: text,
});

/** What a product snapshot and a variant share: the prices and stock shown. */
const priced = {
  price: z.number(),
  onSale: z.boolean(),
  salePrice: z.number(),
  stock: integer,
  isActive: z.boolean(),
};

const CartProduct = z.object({ _id: text, name: text, thumbnail: z.nullable(Media), ...priced });

// NOTE: `variant` is optional: carts stored before variants hold lines without one (products with a
// single variant, which an order line may leave out).
const CartItemSchema = z.object({
  product: CartProduct,
  variant: z.optional(z.object({ _id: text, options: z.record(text, text) })),
  quantity: integer.check(z.minimum(1)),
});

const Review = z.object({
  _id: text,
  title: text,
  rating: integer,
  comment: text,
  user: z.object({ _id: text, name: PersonName, avatar: z.nullable(z.object({ url: text })) }),
  createdAt: text,
  updatedAt: text,
  reply: z.nullable(z.object({ text, at: text })),
});

const RecentProductSchema = z.object({
  _id: text,
  name: text,
  ...priced,
  category: z.object({ _id: text, name: text, slug: text }),
  thumbnail: z.nullable(Media),
  rating: z.object({ average: z.number(), count: integer }),
  description: text,
  reviews: z.array(Review),
  // Entries stored before options existed have none: the card shows them without "from".
  options: z._default(z.array(z.object({ name: text, values: z.array(text) })), []),
});

const SessionUserSchema = z.object({
  id: text,
  name: PersonName,
  email: text,
  avatarUrl: z.nullable(text),
  role: z.enum(ROLES),
  active: z.boolean(),
});

const AddressSchema = z.object({
  _id: text,
  name: PersonName,
  countryCode: text,
  phoneNumber: text,
  building: text,
  street: text,
  city: text,
  state: text,
  pinCode: text,
  country: text,
  gstin: z.nullable(text),
  legalName: z.nullable(text),
  stateValid: z.boolean(),
});

/** The schemas must describe the stores' own types both ways: a change to either fails the type check here. */
type Describes<S extends z.ZodMiniType, T> = [z.output<S>] extends [T]
  ? [T] extends [z.output<S>]
    ? true
    : false
  : false;
const _types: [
  Describes<typeof CartItemSchema, CartItem>,
  Describes<typeof RecentProductSchema, RecentProduct>,
  Describes<typeof SessionUserSchema, SessionUser>,
  Describes<typeof AddressSchema, Address>,
] = [true, true, true, true];
void _types;

const StateObject = z.record(z.string(), z.unknown());

/** The entries of a stored list that match their schema; anything but a list is an empty one. */
function validEntries<T>(schema: z.ZodMiniType<T>, value: unknown): T[] {
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

const StoredDiscountCode = z.nullable(z.string().check(z.regex(DISCOUNT_CODE_PATTERN)));

// NOTE: a merge kept by an earlier version (its copy's signature in place of the copy) is dropped.
const StoredPendingMerge = z.nullable(
  z.object({
    key: z.string().check(z.regex(MERGE_KEY_PATTERN)),
    items: z.array(CartItemSchema),
    discountCode: StoredDiscountCode,
  }),
);

const StoredOwner = z.nullable(z.string().check(z.regex(/^[0-9a-f]{24}$/)));

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
  const address = z.nullable(AddressSchema).safeParse(stored.address ?? null);
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
  const user = z.nullable(SessionUserSchema).safeParse(stored.user ?? null);
  return { user: user.success ? user.data : null };
}
