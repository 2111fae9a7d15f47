import { MapPinIcon, PlusIcon } from "@heroicons/react/24/outline";
import { empty } from "@shop/shared/messages";
import type { AddressDto, AddressInput } from "@shop/shared/schemas/address";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AddressForm } from "#web/components/address-form";
import { AddressLines } from "#web/components/address-lines";
import { AddressStateNote } from "#web/components/address-state-note";
import { Button } from "#web/components/button";
import { CheckoutSteps } from "#web/components/checkout-steps";
import { Dialog } from "#web/components/dialog";
import { EditAddress } from "#web/components/edit-address";
import { EmptyState } from "#web/components/empty-state";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { useAddAddress, useAddresses } from "#web/lib/addresses";
import { useCart } from "#web/lib/cart-store";
import { cx } from "#web/lib/cx";
import { markCartAtCheckout } from "#web/lib/kept-cart-actions";
import { PageMeta, pageTitle } from "#web/lib/page-meta";

function AddressOption({
  address,
  checked,
  onChoose,
}: {
  address: AddressDto;
  checked: boolean;
  onChoose: () => void;
}) {
  const option = (
    <label
      className={cx(
        "relative flex cursor-pointer gap-3 rounded-card bg-white p-4 shadow-card ring-1 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
        checked ? "ring-2 ring-brand-600" : "ring-neutral-200 hover:ring-neutral-300",
      )}
    >
      <input
        type="radio"
        name="shipping-address"
        value={address._id}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-4 shrink-0 accent-brand-600 focus:outline-none"
      />
      <AddressLines address={address} as="span" className="min-w-0" />
    </label>
  );
  if (address.stateValid) return option;
  // An address saved with a state that is none of the list: said so, with its fix beside it.
  return (
    <div className="space-y-2">
      {option}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AddressStateNote address={address} className="min-w-0 flex-1" />
        <EditAddress address={address} onSaved={onChoose} />
      </div>
    </div>
  );
}

/**
 * Choose where the order goes (SPEC section 2): a saved address, or a new one. CONTINUE is enabled
 * once one is chosen (an only address is chosen already); the choice is kept with the cart for the
 * checkout page.
 */
export function ShippingPage() {
  const head = <PageMeta title={pageTitle("Shipping")} />;
  const navigate = useNavigate();
  const addresses = useAddresses();
  const addAddress = useAddAddress();
  const storedAddress = useCart((state) => state.address);
  const setAddress = useCart((state) => state.setAddress);
  const [chosenId, setChosenId] = useState<string | null>(storedAddress?._id ?? null);
  const [adding, setAdding] = useState(false);
  // The checkout starts here: the abandoned-checkout reminders' clock starts (or starts again).
  useEffect(() => void markCartAtCheckout(), []);

  const list = addresses.data ?? [];
  // A shopper with one saved address has it chosen already.
  const chosen =
    list.find((address) => address._id === chosenId) ?? (list.length === 1 ? list[0] : null) ?? null;

  // AddressForm awaits the save, and puts a refusal's field errors under their fields.
  const submitAddress = (input: AddressInput) =>
    addAddress.mutateAsync(input).then((address) => {
      setChosenId(address._id);
      setAdding(false);
    });

  // An address that needs a state cannot be shipped to: it is fixed (edited) first.
  const shippable = chosen?.stateValid === true;

  const proceed = () => {
    if (!chosen || !shippable) return;
    setAddress(chosen);
    navigate("/account/checkout");
  };

  return (
    <>
      {head}
      <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <CheckoutSteps current="Shipping" className="mb-6" />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Shipping address</h1>
          {list.length > 0 ? (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              <PlusIcon className="size-4" aria-hidden="true" />
              Add address
            </Button>
          ) : null}
        </div>

        <div className="mt-6">
          <QueryState
            query={addresses}
            loading={
              <div className="grid gap-4 sm:grid-cols-2">
                <span className="sr-only" role="status">
                  Loading addresses
                </span>
                <Skeleton className="h-40 rounded-card" />
                <Skeleton className="h-40 rounded-card" />
              </div>
            }
            empty={
              <EmptyState
                icon={MapPinIcon}
                title={empty.savedAddress}
                description="Add the address your order should be delivered to."
                action={
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon className="size-4" aria-hidden="true" />
                    Add address
                  </Button>
                }
              />
            }
          >
            {(saved) => (
              <fieldset>
                <legend className="mb-3 text-sm font-medium text-neutral-700">
                  Choose where your order should be delivered
                </legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {saved.map((address) => (
                    <AddressOption
                      key={address._id}
                      address={address}
                      checked={address._id === chosen?._id}
                      onChoose={() => setChosenId(address._id)}
                    />
                  ))}
                </div>
              </fieldset>
            )}
          </QueryState>
        </div>

        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/cart" className="text-center text-sm font-medium text-brand-700 hover:underline">
            Back to cart
          </Link>
          <Button size="lg" className="tracking-wide uppercase" disabled={!shippable} onClick={proceed}>
            Continue
          </Button>
        </div>

        <Dialog open={adding} onClose={() => setAdding(false)} title="Add address" size="lg">
          <AddressForm onSubmit={submitAddress} onCancel={() => setAdding(false)} />
        </Dialog>
      </section>
    </>
  );
}
