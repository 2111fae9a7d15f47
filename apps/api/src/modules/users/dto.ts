import type { UserDto, UserSummaryDto } from "@shop/shared/schemas/user";
import type { User } from "#api/db/schema/users";

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
