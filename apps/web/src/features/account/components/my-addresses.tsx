import { MapPinIcon, PlusIcon, TrashIcon } from "@heroicons/react/24/outline";
import { accountNotes, empty } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { AddressDto, AddressInput } from "@shop/shared/schemas/address";
import { useState } from "react";
import { AddressForm } from "#web/components/address-form";
import { AddressLines } from "#web/components/address-lines";
import { AddressStateNote } from "#web/components/address-state-note";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { EditAddress } from "#web/components/edit-address";
import { EmptyState } from "#web/components/empty-state";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { useAddAddress, useAddresses, useDeleteAddress } from "#web/lib/addresses";

function DeleteAddress({ address }: { address: AddressDto }) {
  const [open, setOpen] = useState(false);
  const deleteAddress = useDeleteAddress();
  const confirm = () => deleteAddress.mutate(address._id, { onSuccess: () => setOpen(false) });
  const label = `${fullName(address.name)}, ${address.city}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Delete address of ${label}`}
        className="text-danger-700 hover:bg-danger-50"
      >
        <TrashIcon className="size-4" aria-hidden="true" />
        Delete
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete address?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep
            </Button>
            <Button variant="danger" loading={deleteAddress.isPending} onClick={confirm}>
              Delete
            </Button>
          </>
        }
      >
        <AddressLines address={address} />
        <p className="mt-3 text-sm text-neutral-600">{accountNotes.confirmDeleteAddress}</p>
      </Dialog>
    </>
  );
}

/** The shopper's saved addresses, with add, edit and delete (SPEC section 2). */
export function MyAddresses() {
  const addresses = useAddresses();
  const addAddress = useAddAddress();
  const [adding, setAdding] = useState(false);

  // AddressForm awaits the save, and puts a refusal's field errors under their fields.
  const submit = (input: AddressInput) => addAddress.mutateAsync(input).then(() => setAdding(false));

  return (
    <section aria-labelledby="my-addresses-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="my-addresses-heading" className="text-lg font-semibold text-neutral-900">
          My addresses
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          <PlusIcon className="size-4" aria-hidden="true" />
          Add address
        </Button>
      </div>
      <div className="mt-3">
        <QueryState
          query={addresses}
          loading={
            <div className="grid gap-4 sm:grid-cols-2">
              <span className="sr-only" role="status">
                Loading addresses
              </span>
              <Skeleton className="h-44 rounded-card" />
              <Skeleton className="h-44 rounded-card" />
            </div>
          }
          empty={<EmptyState icon={MapPinIcon} title={empty.addresses} />}
        >
          {(list) => (
            <ul aria-label="Addresses" className="grid gap-4 sm:grid-cols-2">
              {list.map((address) => (
                <li
                  key={address._id}
                  className="flex flex-col justify-between gap-3 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200"
                >
                  <div className="space-y-2">
                    <AddressLines address={address} />
                    <AddressStateNote address={address} />
                  </div>
                  <div className="flex justify-end gap-2">
                    <EditAddress address={address} />
                    <DeleteAddress address={address} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add address" size="lg">
        <AddressForm onSubmit={submit} onCancel={() => setAdding(false)} />
      </Dialog>
    </section>
  );
}
