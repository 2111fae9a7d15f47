import type { ListMeta } from "@shop/shared/api";
import type { UserDto } from "@shop/shared/schemas/user";
import type { QueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";

/** Puts a user the server returned into every cached customer list that shows it. */
export function replaceUser(queryClient: QueryClient, user: UserDto) {
  queryClient.setQueriesData<{ items: UserDto[]; meta: ListMeta }>(
    { queryKey: dashboardKeys.customers },
    (list) => list && { ...list, items: list.items.map((item) => (item._id === user._id ? user : item)) },
  );
}
