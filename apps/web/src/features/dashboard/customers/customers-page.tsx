import { ROLES, type Role } from "@shop/shared/constants";
import { empty } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { Avatar } from "#web/components/avatar";
import { SelectField } from "#web/components/select-field";
import { StatusToggle } from "#web/components/status-toggle";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { useSession } from "#web/lib/session";
import { cellClass, DataTable, growCellClass } from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { useChangeRole } from "./api/change-role";
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
  const query = useCustomers(view, { page: list.page, size: list.size, keyword: list.keyword || undefined });
  const toggle = useToggleCustomerStatus();
  const changeRole = useChangeRole();
  const myId = useSession((state) => state.user?.id);

  const onToggle = (user: UserDto) => toggle.mutate(user._id);
  const onRole = (user: UserDto, role: Role) => changeRole.mutate({ userId: user._id, role });

  return (
    <>
      <SectionHeader title="Customers" links={LINKS} />
      <SectionBody>
        <SectionCard title={title}>
          <PagedList list={list} searchLabel="customers" query={query} empty={empty.customers}>
            {(users) => (
              <DataTable caption={title} columns={COLUMNS}>
                {users.map((user) => {
                  const fullName = `${user.name.firstName} ${user.name.lastName}`;
                  const self = user._id === myId;
                  return (
                    <tr key={user._id}>
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
                        {fullName}
                      </td>
                      <td
                        className={cx(
                          cellClass,
                          "whitespace-nowrap max-sm:basis-full max-sm:break-all max-sm:whitespace-normal",
                        )}
                      >
                        {user.email}
                      </td>
                      <td className={cellClass}>
                        <SelectField
                          label={`Role of ${fullName}`}
                          layout="hidden"
                          compact
                          controlClassName="capitalize"
                          value={user.role}
                          disabled={
                            self || (changeRole.isPending && changeRole.variables?.userId === user._id)
                          }
                          onChange={(event) => onRole(user, event.target.value as Role)}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {role}
                            </option>
                          ))}
                        </SelectField>
                      </td>
                      <td className={cellClass}>
                        <div className="flex items-center gap-2">
                          <StatusToggle
                            checked={user.status}
                            onChange={() => onToggle(user)}
                            disabled={self || (toggle.isPending && toggle.variables === user._id)}
                            label={`Active: ${fullName}`}
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
