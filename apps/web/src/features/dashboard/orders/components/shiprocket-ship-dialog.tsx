import { shipmentWords, validation, shiprocketShip as words } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ShiprocketQuoteInput } from "@shop/shared/schemas/shiprocket";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { orderLineLabel } from "#web/components/option-values";
import { Skeleton } from "#web/components/skeleton";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { useShiprocketQuote } from "../api/shiprocket-quote";
import { useShipWithShiprocket } from "../api/shiprocket-ship";
import { unshipped } from "../order-actions";
import { BookedParcel, CourierOptions } from "./shiprocket-couriers";

/** How long the parcel's fields rest before Shiprocket is asked again. */
const REQUOTE_AFTER_MS = 400;

const SIDES = ["length", "breadth", "height"] as const;
type Side = (typeof SIDES)[number];
type SizeFields = Record<"weight" | Side, string>;

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const positive = (value: string) => {
  const number = value.trim() === "" ? Number.NaN : Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
};

interface Parcel {
  /** What to quote and book; null while a field is wrong (nothing is asked then). */
  input: ShiprocketQuoteInput | null;
  unitErrors: (string | null)[];
  unitsError: string | null;
  sizeErrors: Partial<Record<keyof SizeFields, string>>;
}

/**
 * The parcel the fields describe: its units, and its weight and box once staff changed them (until
 * then Shiprocket's quote works them out from the units, and its answer fills them in).
 */
function readParcel(
  lines: ReturnType<typeof unshipped>,
  units: readonly string[],
  size: SizeFields,
  edited: { weight: boolean; box: boolean },
): Parcel {
  const quantities = lines.map((_, index) => Number(units[index] ?? ""));
  const unitErrors = lines.map(({ left }, index) => {
    const quantity = quantities[index] ?? Number.NaN;
    if (!Number.isInteger(quantity) || quantity < 0) return validation.number;
    return quantity > left ? shipmentWords.tooMany(left) : null;
  });
  const picked = lines
    .map((entry, index) => ({ line: entry.line._id, quantity: quantities[index] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const unitsError =
    unitErrors.every((error) => error === null) && picked.length === 0 ? shipmentWords.noUnits : null;
  const sizeErrors: Parcel["sizeErrors"] = {};
  const weight = positive(size.weight);
  if (edited.weight && weight === null) sizeErrors.weight = validation.number;
  const sides = SIDES.map((side) => positive(size[side]));
  if (edited.box)
    SIDES.forEach((side, index) => {
      if (sides[index] === null) sizeErrors[side] = validation.number;
    });
  const wrong = unitsError !== null || unitErrors.some(Boolean) || Object.keys(sizeErrors).length > 0;
  const [length, breadth, height] = sides;
  const input: ShiprocketQuoteInput | null = wrong
    ? null
    : {
        lines: picked,
        ...(edited.weight && weight !== null ? { weightKg: weight } : {}),
        ...(edited.box && length && breadth && height ? { dimensionsCm: { length, breadth, height } } : {}),
      };
  return { input, unitErrors, unitsError, sizeErrors };
}

/**
 * Ship with Shiprocket (staff): the units of the parcel (what is left of each line, as the ship
 * dialog offers them), its weight and box (Shiprocket's quote fills them in from the units), the
 * couriers that serve it with the owner's rule's choice preselected, the e-way bill when the parcel
 * needs one, then Ship books it and shows its AWB, courier, pickup and label.
 */
export function ShiprocketShipDialog({ order, onClose }: { order: OrderDto; onClose: () => void }) {
  const lines = useMemo(() => unshipped(order), [order]);
  const [units, setUnits] = useState(() => lines.map((entry) => String(entry.left)));
  const [size, setSize] = useState<SizeFields>({ weight: "", length: "", breadth: "", height: "" });
  const [edited, setEdited] = useState({ weight: false, box: false });
  const [courierId, setCourierId] = useState<number | null>(null);
  const [ewaybillNo, setEwaybillNo] = useState("");
  const parcel = useMemo(() => readParcel(lines, units, size, edited), [lines, units, size, edited]);
  // NOTE: compared by its JSON, so that a parcel typed back to what it was is not asked again.
  const asked = useSettled(JSON.stringify(parcel.input), REQUOTE_AFTER_MS);
  const input = useMemo(() => JSON.parse(asked) as ShiprocketQuoteInput | null, [asked]);
  const quote = useShiprocketQuote(order._id, input);
  const ship = useShipWithShiprocket(order._id);
  const quoted = quote.data;

  // What staff have not changed reads as the last answer has it; their courier stays while it serves.
  const shown: SizeFields = {
    weight: edited.weight || !quoted ? size.weight : String(quoted.weightKg),
    length: edited.box || !quoted ? size.length : String(quoted.dimensionsCm.length),
    breadth: edited.box || !quoted ? size.breadth : String(quoted.dimensionsCm.breadth),
    height: edited.box || !quoted ? size.height : String(quoted.dimensionsCm.height),
  };
  const chosen =
    courierId !== null && quoted?.couriers.some((courier) => courier.courierId === courierId)
      ? courierId
      : (quoted?.preselected ?? null);

  const serverErrors = {
    ...(isApiError(quote.error) ? quote.error.errors : {}),
    ...(isApiError(ship.error) ? ship.error.errors : {}),
  };
  const sizeError = (field: keyof SizeFields) =>
    parcel.sizeErrors[field] ??
    (field === "weight"
      ? serverErrors.weightKg
      : (serverErrors[`dimensionsCm.${field}`] ?? serverErrors.dimensionsCm));
  const ewaybillShown = quoted?.ewaybillRequired === true || serverErrors.ewaybillNo !== undefined;
  const fresh = parcel.input !== null && JSON.stringify(parcel.input) === asked && !quote.isFetching;
  const fieldKeys = [
    "weightKg",
    "dimensionsCm",
    "dimensionsCm.length",
    "dimensionsCm.breadth",
    "dimensionsCm.height",
    "ewaybillNo",
  ];
  const otherError = (error: unknown) =>
    error && !(isApiError(error) && Object.keys(error.errors).some((key) => fieldKeys.includes(key)))
      ? errorMessage(error)
      : null;
  const quoteError = otherError(quote.error);
  const shipError = otherError(ship.error);

  // The first change of a field starts from what it showed (a side: the whole box does).
  const setSide = (field: keyof SizeFields, value: string) => {
    setSize({ ...shown, [field]: value });
    setEdited((current) => (field === "weight" ? { ...current, weight: true } : { ...current, box: true }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parcel.input || chosen === null || !fresh) return;
    const weightKg = positive(shown.weight);
    const [length, breadth, height] = SIDES.map((side) => positive(shown[side]));
    ship.mutate({
      ...parcel.input,
      courierId: chosen,
      ...(weightKg !== null ? { weightKg } : {}),
      ...(length && breadth && height ? { dimensionsCm: { length, breadth, height } } : {}),
      ...(ewaybillShown && ewaybillNo.trim() ? { ewaybillNo: ewaybillNo.trim() } : {}),
    });
  };

  if (ship.isSuccess)
    return (
      <Dialog
        open
        onClose={onClose}
        title={words.dialogTitle}
        size="lg"
        footer={<Button onClick={onClose}>{words.close}</Button>}
      >
        <BookedParcel shipment={ship.data} />
      </Dialog>
    );

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
          <Button
            type="submit"
            form="shiprocket-form"
            loading={ship.isPending}
            disabled={!fresh || chosen === null}
          >
            {words.submit}
          </Button>
        </>
      }
    >
      <form id="shiprocket-form" onSubmit={onSubmit} noValidate className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-neutral-900">{words.unitsTitle}</legend>
          <p className="mt-1 text-sm text-neutral-600">{shipmentWords.unitsHint}</p>
          <ul className="mt-2 divide-y divide-neutral-100">
            {lines.map(({ line, left }, index) => (
              <li key={line._id} className="flex items-center justify-between gap-4 py-2">
                <label htmlFor={`sr-${line._id}`} className="min-w-0 text-sm text-neutral-800">
                  {shipmentWords.unitsLabel(orderLineLabel(line), left)}
                  {parcel.unitErrors[index] ? (
                    <span className="block text-xs text-danger-700" role="alert">
                      {parcel.unitErrors[index]}
                    </span>
                  ) : null}
                </label>
                <input
                  id={`sr-${line._id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  step={1}
                  value={units[index] ?? ""}
                  aria-invalid={parcel.unitErrors[index] ? true : undefined}
                  onChange={(event) =>
                    setUnits((current) =>
                      current.map((value, i) => (i === index ? event.target.value : value)),
                    )
                  }
                  className="h-10 w-20 shrink-0 rounded-control border-0 px-3 text-right text-sm tabular-nums ring-1 ring-neutral-300 ring-inset focus:ring-2 focus:ring-brand-600"
                />
              </li>
            ))}
          </ul>
          {parcel.unitsError || serverErrors.lines ? (
            <p className="mt-2 text-xs font-medium text-danger-700" role="alert">
              {parcel.unitsError ?? serverErrors.lines}
            </p>
          ) : null}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-neutral-900">{words.parcelTitle}</legend>
          <p className="mt-1 text-sm text-neutral-600">{words.parcelHint}</p>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(["weight", ...SIDES] as const).map((field) => (
              <TextField
                key={field}
                label={words[field]}
                type="number"
                inputMode="decimal"
                min={0}
                step={field === "weight" ? 0.001 : 0.1}
                value={shown[field]}
                error={sizeError(field)}
                onChange={(event) => setSide(field, event.target.value)}
              />
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-neutral-900">{words.couriersTitle}</legend>
          <div className="mt-2" aria-live="polite">
            {quoteError ? (
              <ErrorState message={quoteError} prefix={false} />
            ) : !quoted ? (
              quote.isFetching || parcel.input !== null ? (
                <div className="space-y-2">
                  <p className="text-sm text-neutral-600">{words.quoting}</p>
                  <Skeleton className="h-16 w-full" />
                  <Skeleton className="h-16 w-full" />
                </div>
              ) : null
            ) : quoted.couriers.length === 0 ? (
              <p className="text-sm text-neutral-600">{words.noCouriers}</p>
            ) : (
              <CourierOptions
                couriers={quoted.couriers}
                chosen={chosen}
                onChoose={setCourierId}
                stale={!fresh}
              />
            )}
            {serverErrors.courierId ? (
              <p className="mt-2 text-xs font-medium text-danger-700" role="alert">
                {serverErrors.courierId}
              </p>
            ) : null}
          </div>
        </fieldset>

        {ewaybillShown ? (
          <TextField
            label={words.ewaybill}
            hint={words.ewaybillHint}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            required
            value={ewaybillNo}
            error={serverErrors.ewaybillNo}
            onChange={(event) => setEwaybillNo(event.target.value)}
          />
        ) : null}

        {shipError ? <ErrorState message={shipError} prefix={false} /> : null}
      </form>
    </Dialog>
  );
}
