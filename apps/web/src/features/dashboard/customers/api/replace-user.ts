import type { ListMeta } from "@shop/shared/api";
import type { CustomerSummaryDto, UserDto } from "@shop/shared/schemas/user";
import type { QueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";

/** Puts a user the server returned into every cached customer list that shows it, and its page. */
export function replaceUser(queryClient: QueryClient, user: UserDto) {
  queryClient.setQueriesData<{ items: UserDto[]; meta: ListMeta }>(
    { queryKey: [...dashboardKeys.customers, "list"] },
    (list) => list && { ...list, items: list.items.map((item) => (item._id === user._id ? user : item)) },
  );
  queryClient.setQueryData<CustomerSummaryDto>(
    dashboardKeys.customer(user._id),
    (summary) => summary && { ...summary, user },
  );
}
