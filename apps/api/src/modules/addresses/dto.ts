import { type AddressDto, isListedState } from "@shop/shared/schemas/address";
import type { Address } from "#api/db/schema/addresses";
import type { OrderShippingAddress } from "#api/db/schema/orders";

/** The delivery details of an address, as an order keeps them (a copy: editing the address later changes no order). */
export function toAddressSnapshot(address: Address): OrderShippingAddress {
  return {
    name: { firstName: address.firstName, lastName: address.lastName },
    countryCode: address.countryCode,
    phoneNumber: address.phoneNumber,
    building: address.building,
    street: address.street,
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
    country: address.country,
    gstin: address.gstin,
    legalName: address.legalName,
  };
}

/** A saved address as the API shows it. */
export function toAddressDto(address: Address): AddressDto {
  return {
    _id: address.id,
    ...toAddressSnapshot(address),
    gstin: address.gstin,
    legalName: address.legalName,
    stateValid: isListedState(address.state),
  };
}
