import { documents } from "@shop/shared/messages";
import type { AddressDto } from "@shop/shared/schemas/address";
import { cx } from "../lib/cx";

/** An address; on an order a manager reads, the phone number is withheld (null). */
type PostalAddress = Omit<AddressDto, "_id" | "phoneNumber" | "stateValid"> & { phoneNumber: string | null };

/** "+91 9876543210". */
export function formatPhone(address: { countryCode: string; phoneNumber: string }): string {
  return `+${address.countryCode} ${address.phoneNumber}`;
}

interface AddressLinesProps {
  address: PostalAddress;
  /** "span" inside a label (a radio's choice), where an <address> element may not go. */
  as?: "address" | "span";
  className?: string;
}

/**
 * A delivery address as a letter would carry it: name, building, street, city, state, pin code,
 * phone, and the buyer's business (its legal name) and GSTIN when they gave one.
 */
export function AddressLines({ address, as: Element = "address", className }: AddressLinesProps) {
  return (
    <Element className={cx("block text-sm leading-6 text-neutral-700 not-italic", className)}>
      <span className="block font-semibold text-neutral-900">
        {address.name.firstName} {address.name.lastName}
      </span>
      <span className="block break-words">{address.building}</span>
      <span className="block break-words">{address.street}</span>
      <span className="block">
        {address.city}, {address.state} {address.pinCode}
      </span>
      <span className="block">{address.country}</span>
      {address.phoneNumber !== null ? (
        <span className="block text-neutral-600">
          <span className="sr-only">Phone: </span>
          {formatPhone({ countryCode: address.countryCode, phoneNumber: address.phoneNumber })}
        </span>
      ) : null}
      {address.gstin && address.legalName ? (
        <span className="block break-words text-neutral-600">{address.legalName}</span>
      ) : null}
      {address.gstin ? (
        <span className="block text-neutral-600">{documents.gstin(address.gstin)}</span>
      ) : null}
    </Element>
  );
}
