import type { UserDto } from "@shop/shared/schemas/user";
import type { User } from "../../db/schema/users";

/** A user row as the API shows it: never the password hash. */
export function toUserDto(user: User): UserDto {
  return {
    _id: user.id,
    name: { firstName: user.firstName, lastName: user.lastName },
    email: user.email,
    avatar: user.avatarUrl ? { url: user.avatarUrl } : null,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}
