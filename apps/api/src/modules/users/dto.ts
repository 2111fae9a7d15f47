import type { CustomerNoteDto, CustomerOrderDto, UserDto, UserSummaryDto } from "@shop/shared/schemas/user";
import type { CustomerNote, User } from "#api/db/schema/users";
import type { CustomerOrderRow } from "./repo";

/** A user row as the API shows it: never the password hash. */
export function toUserDto(user: User): UserDto {
  return {
    _id: user.id,
    name: { firstName: user.firstName, lastName: user.lastName },
    email: user.email,
    avatar: user.avatarUrl ? { url: user.avatarUrl } : null,
    role: user.role,
    status: user.status,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Who placed an order or made a payment, as staff lists show it. */
export function toUserSummary(user: Pick<User, "id" | "firstName" | "lastName" | "email">): UserSummaryDto {
  return { _id: user.id, name: { firstName: user.firstName, lastName: user.lastName }, email: user.email };
}

/** An order as the customer page lists it. */
export function toCustomerOrderDto(row: CustomerOrderRow): CustomerOrderDto {
  return {
    _id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    fulfilment: row.fulfilment,
    totalAmount: row.totalAmount,
    currency: row.currency,
  };
}

/** A staff note on a customer. */
export function toCustomerNoteDto(note: CustomerNote): CustomerNoteDto {
  return {
    _id: note.id,
    note: note.note,
    at: note.at.toISOString(),
    author: { _id: note.authorId, name: note.authorName },
  };
}
