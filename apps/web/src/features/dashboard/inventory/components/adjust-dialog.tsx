import { inventoryPage } from "@shop/shared/messages";
import { ADJUSTMENT_REASONS, AdjustmentInput, type AdjustmentReason } from "@shop/shared/schemas/inventory";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { SelectField } from "#web/components/select-field";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { numberLimits } from "#web/lib/number-limits";
import { useAdjustStock } from "../api/inventory";

interface AdjustDialogProps {
  variantId: string;
  label: string;
  stock: number;
  onClose: () => void;
}

type AdjustmentField = keyof AdjustmentInput;

/** Each field's first refusal, by the same schema the API checks with. */
function refusalsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const refused: Partial<Record<AdjustmentField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === "change" || field === "reason" || field === "note") && !refused[field])
      refused[field] = issue.message;
  }
  return refused;
}

/**
 * Change a variant's stock by a number of units, with a reason and a note. A change the schema
 * refuses (2.5, blank) is named at its field before anything is sent; the server's refusal stays in
 * the dialog.
 */
export function AdjustDialog({ variantId, label, stock, onClose }: AdjustDialogProps) {
  const adjust = useAdjustStock(variantId);
  const [change, setChange] = useState("");
  const [reason, setReason] = useState<AdjustmentReason>("received");
  const [note, setNote] = useState("");
  const [refused, setRefused] = useState<Partial<Record<AdjustmentField, string>>>({});
  const changeField = useRef<HTMLInputElement>(null);
  const fieldErrors: Partial<Record<string, string>> = isApiError(adjust.error)
    ? adjust.error.errors
    : refused;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AdjustmentInput.safeParse({
      change: change.trim() === "" ? undefined : Number(change),
      reason,
      note: note.trim() || null,
    });
    if (!parsed.success) {
      const found = refusalsOf(parsed.error.issues);
      adjust.reset();
      setRefused(found);
      if (found.change) changeField.current?.focus();
      return;
    }
    setRefused({});
    adjust.mutate(parsed.data, { onSuccess: onClose });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={inventoryPage.adjustTitle(label)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {inventoryPage.cancel}
          </Button>
          <Button type="submit" form="adjust-stock" loading={adjust.isPending}>
            {inventoryPage.save}
          </Button>
        </>
      }
    >
      <form id="adjust-stock" onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={inventoryPage.change}
          type="number"
          inputMode="numeric"
          step="1"
          value={change}
          onChange={(event) => setChange(event.target.value)}
          // Stock never goes below nothing: the most that can be taken away is what there is.
          {...numberLimits(AdjustmentInput.shape.change, inventoryPage.changeHint(stock), { min: -stock })}
          error={fieldErrors.change}
          ref={changeField}
          autoFocus
        />
        <SelectField
          label={inventoryPage.reason}
          value={reason}
          onChange={(event) =>
            setReason(ADJUSTMENT_REASONS.find((value) => value === event.target.value) ?? "other")
          }
          error={fieldErrors.reason}
        >
          {ADJUSTMENT_REASONS.map((value) => (
            <option key={value} value={value}>
              {inventoryPage.reasons[value]}
            </option>
          ))}
        </SelectField>
        <TextArea
          label={inventoryPage.note}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint={inventoryPage.noteHint}
          error={fieldErrors.note}
        />
        {adjust.isError && Object.keys(fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm text-danger-700">
            {errorMessage(adjust.error)}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
