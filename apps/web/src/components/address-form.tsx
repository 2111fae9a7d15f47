import { zodResolver } from "@hookform/resolvers/zod";
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE } from "@shop/shared/constants";
import { INDIAN_STATE_NAMES } from "@shop/shared/india";
import { hints } from "@shop/shared/messages";
import { pincodeOf, stateOfPincode } from "@shop/shared/pincode-states";
import { type AddressDto, AddressInput, LEGAL_NAME_MAX } from "@shop/shared/schemas/address";
import { useForm } from "react-hook-form";
import { isApiError } from "../lib/api";
import { cx } from "../lib/cx";
import { applyServerErrors } from "../lib/form-errors";
import { Button } from "./button";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

const FIELDS = [
  "name.firstName",
  "name.lastName",
  "countryCode",
  "phoneNumber",
  "building",
  "street",
  "city",
  "state",
  "pinCode",
  "country",
  "gstin",
  "legalName",
] as const;

const EMPTY: AddressInput = {
  name: { firstName: "", lastName: "" },
  countryCode: DEFAULT_COUNTRY_CODE,
  phoneNumber: "",
  building: "",
  street: "",
  city: "",
  state: "",
  pinCode: "",
  country: DEFAULT_COUNTRY,
  gstin: "",
  legalName: "",
};

/** A saved address as the form starts from: a state that is none of the list is left to be chosen. */
function valuesOf(address: AddressDto): AddressInput {
  const { _id, stateValid, gstin, legalName, ...rest } = address;
  return {
    ...rest,
    // Only +91 and India are offered: an address holds nothing else.
    countryCode: COUNTRY_CODES.find((code) => code === address.countryCode) ?? DEFAULT_COUNTRY_CODE,
    country: COUNTRIES.find((country) => country === address.country) ?? DEFAULT_COUNTRY,
    state: stateValid ? address.state : "",
    gstin: gstin ?? "",
    legalName: legalName ?? "",
  };
}

interface AddressFormProps {
  /** The saved address being edited; a new one when left out. */
  address?: AddressDto;
  /** Saves the address; a rejection with field errors puts them under their fields. */
  onSubmit: (address: AddressInput) => Promise<unknown>;
  onCancel?: () => void;
  submitLabel?: string;
  className?: string;
}

/**
 * A delivery address (SPEC section 5): name, +91 phone of 10 digits, building, street, city, state
 * (one of India's 36, picked from a list, or filled in from the PIN code), PIN code and India, and an optional GSTIN with the
 * business's legal name (required with it: the invoice bills the business). Only +91 and India are offered.
 */
export function AddressForm({
  address,
  onSubmit,
  onCancel,
  submitLabel = "Save address",
  className,
}: AddressFormProps) {
  const { register, handleSubmit, setError, setValue, formState } = useForm<AddressInput>({
    resolver: zodResolver(AddressInput),
    defaultValues: address ? valuesOf(address) : EMPTY,
  });
  const { errors } = formState;

  // A complete PIN code fills in its state (India Post's zones); one the zones do not place leaves it.
  const pinCode = register("pinCode", {
    onChange: (event: { target: { value: string } }) => {
      const state = stateOfPincode(pincodeOf(event.target.value) ?? "");
      if (state) setValue("state", state, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Address" className={cx("space-y-4", className)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="shipping given-name"
          error={errors.name?.firstName?.message ?? errors.name?.message}
          {...register("name.firstName")}
        />
        <TextField
          label="Last name"
          autoComplete="shipping family-name"
          error={errors.name?.lastName?.message}
          {...register("name.lastName")}
        />
      </div>
      <div className="grid grid-cols-[6rem_1fr] gap-3">
        <SelectField label="Country code" error={errors.countryCode?.message} {...register("countryCode")}>
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              +{code}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="shipping tel-national"
          placeholder={hints.phoneNumber}
          error={errors.phoneNumber?.message}
          {...register("phoneNumber")}
        />
      </div>
      <TextField
        label="Building"
        hint="Flat, house number and building name"
        autoComplete="shipping address-line1"
        error={errors.building?.message}
        {...register("building")}
      />
      <TextField
        label="Street"
        hint="Street, area or locality"
        autoComplete="shipping address-line2"
        error={errors.street?.message}
        {...register("street")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="City"
          autoComplete="shipping address-level2"
          error={errors.city?.message}
          {...register("city")}
        />
        <TextField
          label="PIN code"
          hint={hints.pinCode}
          inputMode="numeric"
          autoComplete="shipping postal-code"
          error={errors.pinCode?.message}
          {...pinCode}
        />
        <SelectField
          label="State"
          autoComplete="shipping address-level1"
          hint={address && !address.stateValid ? hints.stateWas(address.state) : undefined}
          error={errors.state?.message}
          {...register("state")}
        >
          <option value="">{hints.chooseState}</option>
          {INDIAN_STATE_NAMES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <SelectField label="Country" error={errors.country?.message} {...register("country")}>
          {COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={hints.gstinOptional}
        hint={hints.gstin}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="[&_input]:font-mono [&_input]:uppercase"
        error={errors.gstin?.message}
        {...register("gstin")}
      />
      <TextField
        label={hints.legalName}
        hint={hints.legalNameHint}
        autoComplete="shipping organization"
        maxLength={LEGAL_NAME_MAX}
        error={errors.legalName?.message}
        {...register("legalName")}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
