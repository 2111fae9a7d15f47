import { z } from "zod";
import { FULFILMENT_STATES, ORDER_STATUSES, PASSWORD_MAX_LENGTH, ROLES, RTO_REASONS } from "../constants";
import { validation } from "../messages";
import { AddressDto } from "./address";
import { Email, Id, Name, NameForm, oneOf, Password, text } from "./common";

/** A user as the API shows it. */
export const UserDto = z.object({
  _id: z.string(),
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  email: z.string(),
  avatar: z.object({ url: z.string() }).nullable(),
  role: z.enum(ROLES),
  status: z.boolean(),
  /** Whether signing in takes a code of an authenticator app too. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

/** Who placed an order or made a payment, as staff lists show it. */
export const UserSummaryDto = z.object({
  _id: z.string(),
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  email: z.string(),
});
export type UserSummaryDto = z.infer<typeof UserSummaryDto>;

/** PATCH /users/current-user: name and email only; role and status can never be set here. */
export const UpdateProfileInput = z
  .object({
    name: Name,
    email: Email,
    /** Required by the server when `email` changes: whoever holds a session must also know the password. */
    currentPassword: z
      .string({ error: validation.loginPassword })
      .max(PASSWORD_MAX_LENGTH, validation.loginPassword)
      .optional(),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/**
 * The edit-profile dialog of the user whose email is `currentEmail`: SPEC's name messages for blank
 * names, and the current password required when the email is changed.
 */
export function profileForm(currentEmail: string) {
  return UpdateProfileInput.extend({ name: NameForm }).superRefine((form, context) => {
    if (form.email !== currentEmail && !form.currentPassword) {
      context.addIssue({ code: "custom", path: ["currentPassword"], message: validation.required });
    }
  });
}

/** DELETE /users/current-user: closing the account takes the current password. */
export const CloseAccountInput = z
  .object({
    currentPassword: z
      .string({ error: validation.loginPassword })
      .min(1, validation.loginPassword)
      .max(PASSWORD_MAX_LENGTH, validation.loginPassword),
  })
  .strict();
export type CloseAccountInput = z.infer<typeof CloseAccountInput>;

/** PATCH /users/current-user/password. */
export const ChangePasswordInput = z
  .object({
    oldPassword: z
      .string({ error: validation.oldPassword })
      .min(1, validation.oldPassword)
      .max(PASSWORD_MAX_LENGTH, validation.oldPassword),
    newPassword: Password,
  })
  .strict();
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** The update-password dialog: the API body plus the confirmation that must match. */
export const ChangePasswordForm = ChangePasswordInput.extend({
  confirmPassword: z.string({ error: validation.passwordsDoNotMatch }),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: validation.passwordsDoNotMatch,
  path: ["confirmPassword"],
});
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** PATCH /users/{userId}: an admin changes a user's role. */
export const RoleChangeInput = z
  .object({
    userId: Id.optional(),
    role: oneOf(ROLES),
  })
  .strict();
export type RoleChangeInput = z.infer<typeof RoleChangeInput>;

export const UserIdParams = z.object({ userId: Id });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** The longest staff note on a customer. */
export const MAX_CUSTOMER_NOTE = 2000;

/** POST /users/{userId}/notes (admin): a staff note on a customer, trimmed, 1 to 2000 characters. */
export const CustomerNoteInput = z.object({ note: text({ max: MAX_CUSTOMER_NOTE }) }).strict();
export type CustomerNoteInput = z.infer<typeof CustomerNoteInput>;

/** A staff note on a customer: who wrote it (their name as it was then) and when. */
export const CustomerNoteDto = z.object({
  _id: z.string(),
  note: z.string(),
  at: z.string(),
  /** `_id` is null once the author's account is gone; the name stays. */
  author: z.object({ _id: z.string().nullable(), name: z.string() }),
});
export type CustomerNoteDto = z.infer<typeof CustomerNoteDto>;

/** An order as the customer page lists it. */
export const CustomerOrderDto = z.object({
  _id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** How far its goods have gone, as the orders list reads it ("Partially shipped" while some units are out). */
  fulfilment: z.enum(FULFILMENT_STATES),
  totalAmount: z.number(),
  currency: z.string(),
});
export type CustomerOrderDto = z.infer<typeof CustomerOrderDto>;

/** How many of a customer's orders the summary lists, newest first (`orders.count` counts them all). */
export const CUSTOMER_ORDERS_LISTED = 50;

/**
 * A customer's cash on delivery bar: a parcel of theirs came back refused while the owner bars those
 * (settings' cod.blockAfterRefusal). `since`: when it came back; `order`: the order's id (null when
 * not known, a bar from before orders were kept with it); `orderNumber` with it.
 */
export const CodBarDto = z.object({
  reason: z.enum(RTO_REASONS),
  since: z.string(),
  order: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
});
export type CodBarDto = z.infer<typeof CodBarDto>;

/**
 * GET /users/{userId}/summary (admin). `orders.netSpend` is what the ledger holds for the customer's
 * orders: payments taken minus refunds (decision 017), the figure the sales report sums.
 * `orders.count` counts the orders with a payment taken, `averageOrder` is netSpend over that count
 * (0 without one), `first` and `last` are the first and last of those orders. `orders.items` lists
 * the newest CUSTOMER_ORDERS_LISTED orders of every status; notes come newest first. The figures are
 * in the shop's currency; orders paid in another (before a switch) are in `otherCurrencies`, apart.
 * `codBar`: their cash on delivery bar, lifted by DELETE /users/{userId}/cod-bar.
 */
export const CustomerSummaryDto = z.object({
  user: UserDto,
  /** Null when they are offered cash on delivery (no bar, or the owner bars no one). */
  codBar: CodBarDto.nullable(),
  addresses: z.array(AddressDto),
  orders: z.object({
    count: z.number().int(),
    netSpend: z.number(),
    averageOrder: z.number(),
    otherCurrencies: z.array(
      z.object({ currency: z.string(), orders: z.number().int(), netSpend: z.number() }),
    ),
    first: CustomerOrderDto.nullable(),
    last: CustomerOrderDto.nullable(),
    items: z.array(CustomerOrderDto),
  }),
  notes: z.array(CustomerNoteDto),
});
export type CustomerSummaryDto = z.infer<typeof CustomerSummaryDto>;
