import { zodResolver } from "@hookform/resolvers/zod";
import { INDIAN_STATE_NAMES } from "@shop/shared/india";
import { hints, settingsPage } from "@shop/shared/messages";
import type { StoreSettings } from "@shop/shared/schemas/settings";
import { SelectField } from "#web/components/select-field";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import { SettingsCard } from "./settings-card";
import { STORE_FIELDS, storeFormSchema, storeFormState } from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.store;

/** The shop's name and legal name, contact details, GSTIN, state, clock and the documents' signatory. */
export function StoreForm({ value, readOnly }: { value: StoreSettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("store", {
    resolver: zodResolver(storeFormSchema),
    value,
    toState: storeFormState,
    fields: STORE_FIELDS,
  });
  const { register, formState } = form;
  const { errors } = formState;

  return (
    <SettingsCard section="store" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.name}
          autoComplete="organization"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label={labels.legalName}
          autoComplete="organization"
          hint={labels.legalNameHint}
          className="sm:col-span-2"
          error={errors.legalName?.message}
          {...register("legalName")}
        />
        <TextField
          label={labels.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextArea
          label={labels.address}
          rows={3}
          autoComplete="street-address"
          className="sm:col-span-2"
          error={errors.address?.message}
          {...register("address")}
        />
        <TextField
          label={labels.gstin}
          autoComplete="off"
          spellCheck={false}
          hint={labels.gstinHint}
          className="[&_input]:font-mono [&_input]:uppercase"
          error={errors.gstin?.message}
          {...register("gstin")}
        />
        <SelectField
          label={labels.state}
          autoComplete="address-level1"
          hint={labels.stateHint}
          error={errors.state?.message}
          {...register("state")}
        >
          {/* A state saved before states were a list, and none of them, is chosen again. */}
          <option value="">{hints.chooseState}</option>
          {INDIAN_STATE_NAMES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <TextField
          label={labels.utcOffset}
          autoComplete="off"
          spellCheck={false}
          placeholder="+05:30"
          hint={labels.utcOffsetHint}
          className="[&_input]:font-mono"
          error={errors.utcOffset?.message}
          {...register("utcOffset")}
        />
        <TextField
          label={labels.signatoryName}
          autoComplete="name"
          hint={labels.signatoryNameHint}
          error={errors.signatory?.name?.message}
          {...register("signatory.name")}
        />
        <TextField
          label={labels.signatoryDesignation}
          autoComplete="organization-title"
          hint={labels.signatoryDesignationHint}
          error={errors.signatory?.designation?.message}
          {...register("signatory.designation")}
        />
      </div>
    </SettingsCard>
  );
}
