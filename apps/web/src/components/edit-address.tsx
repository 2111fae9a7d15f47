import { PencilSquareIcon } from "@heroicons/react/24/outline";
import { fullName } from "@shop/shared/names";
import type { AddressDto, AddressInput } from "@shop/shared/schemas/address";
import { useState } from "react";
import { useUpdateAddress } from "../lib/addresses";
import { AddressForm } from "./address-form";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** Edits a saved address in a dialog: how one saved with a state that is none of the list gets one. */
export function EditAddress({
  address,
  onSaved,
}: {
  address: AddressDto;
  onSaved?: (address: AddressDto) => void;
}) {
  const [open, setOpen] = useState(false);
  const updateAddress = useUpdateAddress();
  const label = `${fullName(address.name)}, ${address.city}`;
  // AddressForm awaits the save, and puts a refusal's field errors under their fields.
  const submit = (input: AddressInput) =>
    updateAddress.mutateAsync({ id: address._id, input }).then((saved) => {
      setOpen(false);
      onSaved?.(saved);
    });
  return (
    <>
      <Button
        variant={address.stateValid ? "ghost" : "secondary"}
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Edit address of ${label}`}
      >
        <PencilSquareIcon className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Edit address" size="lg">
        <AddressForm address={address} onSubmit={submit} onCancel={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
