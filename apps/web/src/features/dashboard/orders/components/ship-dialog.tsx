import { zodResolver } from "@hookform/resolvers/zod";
import { validation, shipmentWords as words } from "@shop/shared/messages";
import { number } from "@shop/shared/schemas/common";
import type { OrderDto } from "@shop/shared/schemas/order";
import { OTHER_CARRIER } from "@shop/shared/schemas/settings";
import { lacksCarrierName, MAX_CARRIER_NAME, ShipmentInput } from "@shop/shared/schemas/shipment";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { orderLineLabel } from "#web/components/option-values";
import { SelectField } from "#web/components/select-field";
import { TextField } from "#web/components/text-field";
import { useSettings } from "#web/features/dashboard/settings/api/get-settings";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useCreateShipment } from "../api/create-shipment";
import { unshipped } from "../order-actions";

function shipForm(left: readonly number[]) {
  return z
    .object({
      carrier: ShipmentInput.shape.carrier,
      carrierName: z.string(),
      trackingNumber: ShipmentInput.shape.trackingNumber,
      units: z.array(number({ min: 0, int: true })).superRefine((units, context) =>
        units.forEach((quantity, index) => {
          const most = left[index] ?? 0;
          if (quantity > most)
            context.addIssue({ code: "custom", path: [index], message: words.tooMany(most) });
        }),
      ),
    })
    .refine((values) => values.units.some((quantity) => quantity > 0), {
      path: ["units"],
      message: words.noUnits,
    })
    .refine((values) => !lacksCarrierName(values.carrier, values.carrierName), {
      path: ["carrierName"],
      message: validation.carrierName,
    });
}
type ShipFormValues = z.infer<ReturnType<typeof shipForm>>;

const asNumber = (value: unknown) => (value === "" || value === null ? Number.NaN : Number(value));

/**
 * Ship items (staff): the carrier (the settings' carriers, or Other with the carrier's name), the
 * tracking number, and the units of each line.
 */
export function ShipDialog({ order, onClose }: { order: OrderDto; onClose: () => void }) {
  const lines = useMemo(() => unshipped(order), [order]);
  const schema = useMemo(() => shipForm(lines.map((entry) => entry.left)), [lines]);
  const settings = useSettings();
  const carriers = settings.data?.fulfilment.carriers ?? [];
  const ship = useCreateShipment(order._id);
  const { register, handleSubmit, setError, formState, watch } = useForm<ShipFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      carrier: OTHER_CARRIER,
      carrierName: "",
      trackingNumber: "",
      units: lines.map((entry) => entry.left),
    },
  });
  const onSubmit = handleSubmit((values) => {
    const picked = lines
      .map((entry, index) => ({ line: entry.line._id, quantity: values.units[index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    const other = values.carrier === OTHER_CARRIER;
    ship.mutate(
      {
        carrier: values.carrier,
        ...(other ? { carrierName: values.carrierName.trim() } : {}),
        trackingNumber: values.trackingNumber,
        lines: picked,
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isApiError(error))
            applyServerErrors(error, ["carrier", "carrierName", "trackingNumber"], setError);
        },
      },
    );
  });
  const otherCarrier = watch("carrier") === OTHER_CARRIER;
  const fieldError =
    ship.isError &&
    isApiError(ship.error) &&
    (ship.error.errors.carrier || ship.error.errors.carrierName || ship.error.errors.trackingNumber);
  const unitsError = formState.errors.units?.root?.message ?? formState.errors.units?.message;

  return (
    <Dialog
      open
      onClose={onClose}
      title={words.dialogTitle}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {words.cancel}
          </Button>
          <Button type="submit" form="ship-form" loading={ship.isPending}>
            {words.submit}
          </Button>
        </>
      }
    >
      <form id="ship-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={words.carrier}
            error={formState.errors.carrier?.message}
            {...register("carrier")}
          >
            {/* Mounted with the settings loaded or not: Other is always there. */}
            {carriers.map((carrier) => (
              <option key={carrier._id} value={carrier.name}>
                {carrier.name}
              </option>
            ))}
            <option value={OTHER_CARRIER}>{OTHER_CARRIER}</option>
          </SelectField>
          {otherCarrier ? (
            <TextField
              label={words.carrierName}
              autoComplete="off"
              required
              maxLength={MAX_CARRIER_NAME}
              hint={words.carrierNameHint}
              error={formState.errors.carrierName?.message}
              {...register("carrierName")}
            />
          ) : null}
          <TextField
            label={words.trackingNumber}
            autoComplete="off"
            hint={words.trackingNumberHint}
            error={formState.errors.trackingNumber?.message}
            {...register("trackingNumber")}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-neutral-900">{words.unitsTitle}</legend>
          <p className="mt-1 text-sm text-neutral-600">{words.unitsHint}</p>
          <ul className="mt-3 divide-y divide-neutral-100">
            {lines.map(({ line, left }, index) => (
              <li key={line._id} className="flex items-center justify-between gap-4 py-2">
                <label htmlFor={`ship-${line._id}`} className="min-w-0 text-sm text-neutral-800">
                  {words.unitsLabel(orderLineLabel(line), left)}
                  {formState.errors.units?.[index]?.message ? (
                    <span className="block text-xs text-danger-700" role="alert">
                      {formState.errors.units[index]?.message}
                    </span>
                  ) : null}
                </label>
                <input
                  id={`ship-${line._id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  step={1}
                  className="h-10 w-20 shrink-0 rounded-control border-0 px-3 text-right text-sm tabular-nums ring-1 ring-neutral-300 ring-inset focus:ring-2 focus:ring-brand-600"
                  {...register(`units.${index}`, { setValueAs: asNumber })}
                />
              </li>
            ))}
          </ul>
          {unitsError ? (
            <p className="mt-2 text-xs font-medium text-danger-700" role="alert">
              {unitsError}
            </p>
          ) : null}
        </fieldset>
        {ship.isError && !fieldError ? (
          <ErrorState message={errorMessage(ship.error)} prefix={false} />
        ) : null}
      </form>
    </Dialog>
  );
}
