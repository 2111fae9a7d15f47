import { z } from "zod";
import { ADDRESS_LIMITS, ADDRESS_MAX_LENGTH, COUNTRIES, COUNTRY_CODES } from "../constants";
import { validation } from "../messages";
import { Name, text } from "./common";

/** A delivery address as a shopper enters it (SPEC section 5, Address). */
export const AddressInput = z
  .object({
    name: Name,
    countryCode: z.enum(COUNTRY_CODES, { error: validation.countryCode }),
    phoneNumber: z
      .string({ error: validation.phoneNumber })
      .trim()
      .regex(new RegExp(`^\\d{${ADDRESS_LIMITS.phoneNumber}}$`), validation.phoneNumber),
    building: text({ min: ADDRESS_LIMITS.building, max: ADDRESS_MAX_LENGTH, message: validation.building }),
    street: text({ min: ADDRESS_LIMITS.street, max: ADDRESS_MAX_LENGTH, message: validation.street }),
    city: text({ min: ADDRESS_LIMITS.city, max: 100, message: validation.city }),
    state: text({ min: ADDRESS_LIMITS.state, max: 100, message: validation.state }),
    pinCode: text({ min: ADDRESS_LIMITS.pinCode, max: 10, message: validation.pinCode }),
    country: z.enum(COUNTRIES, { error: validation.country }),
  })
  .strict();
export type AddressInput = z.infer<typeof AddressInput>;

export const AddressDto = z.object({
  _id: z.string(),
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  countryCode: z.string(),
  phoneNumber: z.string(),
  building: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  country: z.string(),
});
export type AddressDto = z.infer<typeof AddressDto>;
