import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_DISPUTE_NOTE } from "@shop/shared/constants";
import { disputeWords } from "@shop/shared/messages";
import { type DisputeDto, DisputeEvidenceForm } from "@shop/shared/schemas/dispute";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { TextArea } from "#web/components/text-area";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useMarkEvidenceSent } from "../api/mark-evidence-sent";

const FIELDS = ["note"] as const;

/** Records that the evidence of a dispute was sent in the provider's dashboard, with an optional note. */
export function EvidenceDialog({ dispute, onClose }: { dispute: DisputeDto; onClose: () => void }) {
  const mark = useMarkEvidenceSent();
  const { register, handleSubmit, setError, formState } = useForm<DisputeEvidenceForm>({
    resolver: zodResolver(DisputeEvidenceForm),
    defaultValues: { note: dispute.evidence?.note ?? "" },
  });
  const onSubmit = handleSubmit((values) =>
    mark.mutate(
      { id: dispute._id, note: values.note ?? "" },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
        },
      },
    ),
  );
  const serverError = mark.isError && !(isApiError(mark.error) && mark.error.errors.note);
  const formId = `evidence-${dispute._id}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={disputeWords.evidenceDialogTitle(dispute.orderNumber)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {disputeWords.cancel}
          </Button>
          <Button type="submit" form={formId} loading={mark.isPending}>
            {disputeWords.save}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
        <p className="text-sm text-neutral-700">{disputeWords.evidenceDialogText}</p>
        <TextArea
          label={disputeWords.note}
          rows={3}
          maxLength={MAX_DISPUTE_NOTE}
          error={formState.errors.note?.message}
          {...register("note")}
        />
        {serverError ? <ErrorState message={errorMessage(mark.error)} prefix={false} /> : null}
      </form>
    </Dialog>
  );
}
