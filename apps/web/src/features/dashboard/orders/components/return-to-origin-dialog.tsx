import { RTO_REASONS, type RtoReason } from "@shop/shared/constants";
import { shipmentWords as words } from "@shop/shared/messages";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { SelectField } from "#web/components/select-field";

interface ReturnToOriginDialogProps {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: RtoReason) => void;
}

const isReason = (value: string): value is RtoReason => (RTO_REASONS as readonly string[]).includes(value);

/**
 * Asks before a cash on delivery parcel is marked returned to origin, and why it came back (refused
 * at the door, not reachable, address wrong, other): only a refusal bars the shopper from cash on
 * delivery, so no reason is chosen for staff.
 */
export function ReturnToOriginDialog({ open, pending, onClose, onConfirm }: ReturnToOriginDialogProps) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason("");
    setMissing(false);
    onClose();
  };
  const confirm = () => {
    if (isReason(reason)) onConfirm(reason);
    else setMissing(true);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={words.confirmReturnedTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {words.cancel}
          </Button>
          <Button variant="danger" loading={pending} onClick={confirm}>
            {words.confirmReturnedAction}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-neutral-700">
        <p>{words.confirmReturned}</p>
        <SelectField
          label={words.returnReason}
          hint={words.returnReasonHint}
          error={missing ? words.reasonRequired : undefined}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        >
          <option value="" disabled>
            {words.chooseReason}
          </option>
          {RTO_REASONS.map((value) => (
            <option key={value} value={value}>
              {words.rtoReasons[value]}
            </option>
          ))}
        </SelectField>
      </div>
    </Dialog>
  );
}
