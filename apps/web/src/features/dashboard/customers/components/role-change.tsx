import { ROLES, type Role } from "@shop/shared/constants";
import { customerPage } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { UserDto } from "@shop/shared/schemas/user";
import { useState } from "react";
import { SelectField } from "#web/components/select-field";
import { ConfirmDialog } from "#web/features/dashboard/components/confirm-dialog";
import { useChangeRole } from "../api/change-role";

/**
 * The role of a user (admins only, as the route is): choosing another role asks first, naming the
 * change ("Make Priya Shah an admin?"); nobody changes their own.
 */
export function RoleChange({ user, self }: { user: UserDto; self: boolean }) {
  const changeRole = useChangeRole();
  const [asked, setAsked] = useState<Role | null>(null);
  const name = fullName(user.name);
  const close = () => setAsked(null);
  return (
    <>
      <SelectField
        label={customerPage.role}
        layout="inline"
        compact
        controlClassName="capitalize"
        value={user.role}
        disabled={self || changeRole.isPending}
        onChange={(event) => {
          const role = event.target.value as Role;
          if (role !== user.role) setAsked(role);
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </SelectField>
      <ConfirmDialog
        open={asked !== null}
        title={customerPage.changeRole}
        confirmLabel={asked ? customerPage.confirmRoleButton(asked) : customerPage.changeRole}
        pending={changeRole.isPending}
        onClose={close}
        onConfirm={() => {
          if (asked) changeRole.mutate({ userId: user._id, role: asked }, { onSettled: close });
        }}
      >
        {asked ? customerPage.confirmRole(name, asked) : null}
      </ConfirmDialog>
    </>
  );
}
