/** Discount codes: the staff's writes and reads, and the code a cart or a placement names. */
import { type DiscountRules, discountRefusal } from "@shop/shared/discounts";
import { discountCodes, validation } from "@shop/shared/messages";
import type { DiscountTerms, PricedInput } from "@shop/shared/pricing";
import {
  DiscountCode,
  type DiscountDetailDto,
  type DiscountDto,
  type DiscountInput,
  type DiscountListQuery,
} from "@shop/shared/schemas/discount";
import { AppError } from "#api/core/errors";
import { limitOffset } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from "#api/db/errors";
import type { NewDiscount } from "#api/db/schema/discounts";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { toDiscountDto } from "./dto";
import {
  countCustomerUses,
  type DiscountWithTargets,
  deleteDiscount,
  findDiscount,
  findDiscountByCode,
  insertDiscount,
  isDiscountOrdered,
  listDiscounts,
  revenueOf,
  takeUse,
  updateDiscount,
} from "./repo";

function valuesOf(input: DiscountInput): NewDiscount {
  return {
    code: input.code,
    type: input.type,
    value: input.type === "free_shipping" ? 0 : input.value,
    minSubtotal: input.minSubtotal ?? null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    appliesTo: input.appliesTo,
    combinesWithSale: input.combinesWithSale,
    isActive: input.isActive,
  };
}

function targetsOf(input: DiscountInput) {
  return {
    categories: input.appliesTo === "categories" ? [...new Set(input.categories)] : [],
    products: input.appliesTo === "products" ? [...new Set(input.products)] : [],
  };
}

/** A write refused by the database: a code in use (409), a category or product that does not exist (400). */
function refusalOf(error: unknown, input: DiscountInput): never {
  const pg = pgErrorOf(error);
  if (pg?.code === UNIQUE_VIOLATION)
    throw new AppError("CONFLICT", discountCodes.codeInUse, { code: discountCodes.codeInUse });
  if (pg?.code === FOREIGN_KEY_VIOLATION) {
    const field = input.appliesTo === "products" ? "products" : "categories";
    throw new AppError("BAD_REQUEST", validation.id, { [field]: validation.id });
  }
  throw error;
}

/** A code as the activity log keeps it: its terms and targets, not its counters. */
function fieldsOf(row: DiscountWithTargets | undefined) {
  if (!row) return null;
  const { id: _id, usedCount: _used, createdAt: _created, updatedAt: _updated, ...terms } = row;
  return terms;
}
const subjectOf = (row: DiscountWithTargets) => ({ type: "discount" as const, id: row.id, label: row.code });

/** Creates a code (no actor: made by no staff member, as the tests' fixtures make one; nothing recorded). */
export async function createDiscount(
  db: Database,
  actor: ActivityActor | null,
  input: DiscountInput,
): Promise<DiscountDto> {
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertDiscount(tx, valuesOf(input), targetsOf(input));
      await recordActivity(tx, actor, "discount.created", subjectOf(inserted), null, fieldsOf(inserted));
      return inserted;
    });
    return toDiscountDto(row);
  } catch (error) {
    refusalOf(error, input);
  }
}

export async function replaceDiscount(
  db: Database,
  actor: ActivityActor,
  id: string,
  input: DiscountInput,
): Promise<DiscountDto> {
  let row: DiscountWithTargets | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const before = await findDiscount(tx, id);
      const after = await updateDiscount(tx, id, valuesOf(input), targetsOf(input));
      if (after)
        await recordActivity(
          tx,
          actor,
          "discount.updated",
          subjectOf(after),
          fieldsOf(before),
          fieldsOf(after),
        );
      return after;
    });
  } catch (error) {
    refusalOf(error, input);
  }
  if (!row) throw new AppError("NOT_FOUND", discountCodes.notFound);
  return toDiscountDto(row);
}

export async function setDiscountActive(
  db: Database,
  actor: ActivityActor,
  id: string,
  isActive: boolean,
): Promise<DiscountDto> {
  const row = await db.transaction(async (tx) => {
    const before = await findDiscount(tx, id);
    const after = before && (await updateDiscount(tx, id, { isActive }));
    if (after)
      await recordActivity(
        tx,
        actor,
        "discount.updated",
        subjectOf(after),
        fieldsOf(before),
        fieldsOf(after),
      );
    return after;
  });
  if (!row) throw new AppError("NOT_FOUND", discountCodes.notFound);
  return toDiscountDto(row);
}

/** Deletes a code no order ever used; a used one is kept for its orders (deactivate it instead). */
export async function removeDiscount(db: Database, actor: ActivityActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findDiscount(tx, id);
    if (!row) throw new AppError("NOT_FOUND", discountCodes.notFound);
    if (await isDiscountOrdered(tx, id)) throw new AppError("CONFLICT", discountCodes.usedCannotBeDeleted);
    await deleteDiscount(tx, id);
    await recordActivity(tx, actor, "discount.deleted", subjectOf(row), fieldsOf(row), null);
  });
}

export async function getDiscountDetail(db: Database, id: string): Promise<DiscountDetailDto> {
  const row = await findDiscount(db, id);
  if (!row) throw new AppError("NOT_FOUND", discountCodes.notFound);
  return { ...toDiscountDto(row), ...(await revenueOf(db, id)) };
}

export async function listDiscountDtos(db: Database, query: DiscountListQuery) {
  const { rows, total } = await listDiscounts(
    db,
    { keyword: query.keyword, status: query.status },
    limitOffset({ page: query.page, size: query.size }),
  );
  const now = new Date();
  return { items: rows.map((row) => toDiscountDto(row, now)), total };
}

/** A cart line as a code looks at it: its prices, and where it sits in the catalogue. */
export interface DiscountedItem extends PricedInput {
  productId: string;
  categoryId: string;
}

export interface AppliedDiscount {
  discount: DiscountWithTargets;
  /** The items with `eligible` set by the code's scope, to price with `terms`. */
  items: DiscountedItem[];
  terms: DiscountTerms;
}

function eligibleItems(discount: DiscountWithTargets, items: readonly DiscountedItem[]): DiscountedItem[] {
  const categories = new Set(discount.categories);
  const products = new Set(discount.products);
  return items.map((item) => ({
    ...item,
    eligible:
      discount.appliesTo === "all" ||
      (discount.appliesTo === "categories" && categories.has(item.categoryId)) ||
      (discount.appliesTo === "products" && products.has(item.productId)),
  }));
}

/** Whether a discount has this code, active or not: a code the settings name must exist. */
export async function discountCodeExists(db: Database, typed: string): Promise<boolean> {
  const code = DiscountCode.safeParse(typed);
  return code.success && (await findDiscountByCode(db, code.data)) !== undefined;
}

/**
 * Gives back the uses of their codes that orders took, one per order, in the caller's transaction:
 * a cancelled order, or holds that expired (the orders module).
 */
export { giveUsesBack } from "./repo";

/**
 * The code a shopper named, checked against the items: the applied discount, or the message saying
 * why it does not apply. With `lock` (inside the order's transaction) the code's row stays locked
 * until the transaction ends, so that its uses are counted one placement at a time; `take` then
 * takes a use.
 */
export async function applyDiscount(
  db: Database,
  typed: string,
  items: readonly DiscountedItem[],
  userId: string | undefined,
  { lock = false, take = false } = {},
): Promise<{ applied: AppliedDiscount } | { refusal: string }> {
  const code = DiscountCode.safeParse(typed);
  if (!code.success) return { refusal: discountCodes.invalid };
  const discount = await findDiscountByCode(db, code.data, { lock });
  if (!discount) return { refusal: discountCodes.invalid };
  const byCustomer =
    userId && discount.perCustomerLimit !== null ? await countCustomerUses(db, discount.id, userId) : 0;
  const scoped = eligibleItems(discount, items);
  const rules: DiscountRules = discount;
  const refusal = discountRefusal(rules, scoped, new Date(), { total: discount.usedCount, byCustomer });
  if (refusal) return { refusal };
  if (take) await takeUse(db, discount.id);
  return {
    applied: {
      discount,
      items: scoped,
      terms: { type: discount.type, value: discount.value, combinesWithSale: discount.combinesWithSale },
    },
  };
}
