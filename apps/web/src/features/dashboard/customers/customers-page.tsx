import { customerPage, empty, listPaging } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { UserDto } from "@shop/shared/schemas/user";
import { Link } from "react-router";
import { Avatar } from "#web/components/avatar";
import { StatusToggle } from "#web/components/status-toggle";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { useSession } from "#web/lib/session";
import {
  cellClass,
  DataTable,
  growCellClass,
  openableRowClass,
  overRowLinkClass,
  rowLinkClass,
} from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { type CustomerListKind, useCustomers } from "./api/get-customers";
import { useToggleCustomerStatus } from "./api/toggle-customer-status";

export type CustomersView = CustomerListKind;

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/customers", label: "All Customers" },
  { to: "/dashboard/customers/inactive", label: "Inactive Customers" },
];

const COLUMNS = [
  { label: "Avatar", srOnly: true },
  { label: "Name" },
  { label: "Email" },
  { label: "Role" },
  { label: "Status" },
] as const;

export function CustomersPage({ view }: { view: CustomersView }) {
  const title = view === "all" ? "All Customers" : "Inactive Customers";
  const list = useListParams();
  const query = useCustomers(view, {
    page: list.page,
    size: list.size,
    after: list.after,
    keyword: list.keyword || undefined,
  });
  const toggle = useToggleCustomerStatus();
  const myId = useSession((state) => state.user?.id);

  const onToggle = (user: UserDto) => toggle.mutate(user._id);

  return (
    <>
      <SectionHeader title="Customers" links={LINKS} />
      <SectionBody>
        <SectionCard title={title}>
          <PagedList
            list={list}
            searchLabel="customers"
            noun={listPaging.nouns.customers}
            query={query}
            empty={empty.customers}
          >
            {(users) => (
              <DataTable caption={title} columns={COLUMNS}>
                {users.map((user) => {
                  const name = fullName(user.name);
                  const self = user._id === myId;
                  return (
                    <tr key={user._id} className={openableRowClass}>
                      <td className={cellClass}>
                        <Avatar firstName={user.name.firstName} url={user.avatar?.url ?? null} />
                      </td>
                      <td
                        className={cx(
                          cellClass,
                          growCellClass,
                          "font-medium whitespace-nowrap text-neutral-900",
                        )}
                      >
                        <Link
                          to={`/dashboard/customers/${user._id}`}
                          className={cx("hover:underline", rowLinkClass)}
                          aria-label={customerPage.openCustomer(name)}
                        >
                          {name}
                        </Link>
                      </td>
                      <td
                        className={cx(
                          cellClass,
                          "whitespace-nowrap max-sm:basis-full max-sm:break-all max-sm:whitespace-normal",
                        )}
                      >
                        {user.email}
                      </td>
                      <td className={cx(cellClass, "capitalize text-neutral-600")}>{user.role}</td>
                      <td className={cellClass}>
                        <div className={cx("flex items-center gap-2", overRowLinkClass)}>
                          <StatusToggle
                            checked={user.status}
                            onChange={() => onToggle(user)}
                            disabled={self || (toggle.isPending && toggle.variables === user._id)}
                            label={`Active: ${name}`}
                          />
                          <span className="text-xs text-neutral-500">
                            {user.status ? "Active" : "Inactive"}
                          </span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
