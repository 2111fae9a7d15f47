import { MAX_RETURN_NOTE } from "@shop/shared/constants";
import { api as apiMessages, refunds as refundWords, returnWords as words } from "@shop/shared/messages";
import type { ReturnDto } from "@shop/shared/schemas/returns";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { TextArea } from "#web/components/text-area";
import { RefundReferenceField } from "#web/features/dashboard/orders/components/refund-reference-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { formatPrice } from "#web/lib/money";
import { type ReturnAction, useActOnReturn } from "../api/act-on-return";

export const ACTION_LABELS: Record<ReturnAction, string> = {
  approve: words.approve,
  reject: words.reject,
  receive: words.receive,
  refund: words.refund,
};

/**
 * Confirms a step of a return, with an optional message to the shopper (sent with the step's email).
 * Refunding a cash on delivery order's return asks for the reference of the money's way back.
 */
export function ReturnActionDialog({
  ret,
  action,
  onClose,
}: {
  ret: ReturnDto;
  action: ReturnAction;
  onClose: () => void;
}) {
  const [message, setMessage] = useState("");
  const [reference, setReference] = useState("");
  const [referenceError, setReferenceError] = useState<string>();
  // The provider took the refund to pay out later (202): the dialog says so instead of closing with a toast.
  const [pendingAtProvider, setPendingAtProvider] = useState(false);
  const act = useActOnReturn();
  const label = ACTION_LABELS[action];
  const byHand = action === "refund" && ret.cashOnDelivery;
  const submit = () => {
    if (byHand && !reference.trim()) {
      setReferenceError(apiMessages.refundReferenceRequired);
      return;
    }
    act.mutate(
      {
        id: ret._id,
        action,
        input: {
          ...(message.trim() ? { message: message.trim() } : {}),
          ...(byHand ? { reference: reference.trim() } : {}),
        },
      },
      {
        onSuccess: ({ pending }) => (pending ? setPendingAtProvider(true) : onClose()),
        onError: (error) => {
          if (isApiError(error) && error.errors.reference) setReferenceError(error.errors.reference);
        },
      },
    );
  };
  if (pendingAtProvider) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={words.actionOf(label, ret.order.number)}
        footer={<Button onClick={onClose}>{refundWords.close}</Button>}
      >
        <p role="status" className="text-sm text-neutral-700">
          {apiMessages.refundPending}
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={words.actionOf(label, ret.order.number)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {words.cancel}
          </Button>
          <Button
            onClick={submit}
            loading={act.isPending}
            variant={action === "reject" ? "danger" : "primary"}
          >
            {action === "refund" ? `${label} ${formatPrice(ret.amount, ret.currency)}` : label}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ul className="text-sm text-neutral-700">
          {ret.lines.map((line) => (
            <li key={line.line}>{words.line(line.quantity, line.name)}</li>
          ))}
        </ul>
        <TextArea
          label={words.message}
          hint={words.messageHint}
          rows={3}
          maxLength={MAX_RETURN_NOTE}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {byHand ? (
          <RefundReferenceField
            error={referenceError}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              setReferenceError(undefined);
            }}
          />
        ) : null}
        {act.isError ? <ErrorState message={errorMessage(act.error)} prefix={false} /> : null}
      </div>
    </Dialog>
  );
}
