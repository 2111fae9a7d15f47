/** A shopper's own delivery addresses; another shopper's address answers 404. */
import { api } from "@shop/shared/messages";
import { type AddressInput, isListedState } from "@shop/shared/schemas/address";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Address } from "#api/db/schema/addresses";
import { toAddressDto } from "./dto";
import {
  type AddressValues,
  deleteAddressOfUser,
  insertAddress,
  listAddressesOfUser,
  updateAddressOfUser,
} from "./repo";

function valuesOf(input: AddressInput): AddressValues {
  const { name, ...rest } = input;
  return {
    ...rest,
    gstin: rest.gstin ?? null,
    // A legal name goes with a GSTIN (AddressInput asks for it then); without one it names nobody.
    legalName: rest.gstin ? (rest.legalName ?? null) : null,
    firstName: name.firstName,
    lastName: name.lastName,
  };
}

/**
 * Removes every address of a user, in the caller's transaction: closing an account (the auth
 * module) leaves none behind.
 */
export { deleteAddressesOfUser } from "./repo";

/** A user's addresses, as their account and the staff's customer page show them. */
export async function listAddresses(db: Database, userId: string) {
  return (await listAddressesOfUser(db, userId)).map(toAddressDto);
}

export async function addAddress(db: Database, userId: string, input: AddressInput) {
  return toAddressDto(await insertAddress(db, userId, valuesOf(input)));
}

export async function editAddress(db: Database, userId: string, id: string, input: AddressInput) {
  const row = await updateAddressOfUser(db, userId, id, valuesOf(input));
  if (!row) throw new AppError("NOT_FOUND", api.addressNotFound);
  return toAddressDto(row);
}

export async function removeAddress(db: Database, userId: string, id: string) {
  if (!(await deleteAddressOfUser(db, userId, id))) throw new AppError("NOT_FOUND", api.addressNotFound);
}

/**
 * Refuses (400, at `shippingAddress`) an address whose state is none of India's: one typed before
 * states were a list and left as typed by migration 0033, which its shopper must edit first.
 */
export function refuseAddressWithoutState(address: Address): void {
  if (!isListedState(address.state))
    throw new AppError("BAD_REQUEST", api.addressNeedsState, { shippingAddress: api.addressNeedsState });
}
