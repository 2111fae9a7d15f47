import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_REVIEW_REPLY } from "@shop/shared/constants";
import { reviewModeration } from "@shop/shared/messages";
import { ReviewReplyInput, type StaffReviewDto } from "@shop/shared/schemas/review";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { ErrorState } from "#web/components/error-state";
import { TextArea } from "#web/components/text-area";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useReplyToReview } from "../api/moderate-review";

const FIELDS = ["text"] as const;

/** The shop's reply to a review, written or changed in a dialog; shown under the review in the shop. */
export function ReplyDialog({ review, onClose }: { review: StaffReviewDto; onClose: () => void }) {
  const reply = useReplyToReview();
  const { register, handleSubmit, setError, formState } = useForm<ReviewReplyInput>({
    resolver: zodResolver(ReviewReplyInput),
    defaultValues: { text: review.reply?.text ?? "" },
  });
  const onSubmit = handleSubmit((values) =>
    reply.mutate(
      { review, text: values.text },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
        },
      },
    ),
  );
  const serverError = reply.isError && !(isApiError(reply.error) && reply.error.errors.text);
  const formId = `reply-${review._id}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={review.reply ? reviewModeration.editReply : reviewModeration.reply}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={reply.isPending}>
            {reviewModeration.saveReply}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
        <p className="text-sm text-neutral-700">
          <span className="font-semibold text-neutral-900">{review.title}</span> —{" "}
          {review.user.name.firstName} {review.user.name.lastName}
        </p>
        <TextArea
          label={reviewModeration.replyLabel}
          hint={reviewModeration.replyHint}
          rows={4}
          maxLength={MAX_REVIEW_REPLY}
          error={formState.errors.text?.message}
          {...register("text")}
        />
        {serverError ? <ErrorState message={errorMessage(reply.error)} prefix={false} /> : null}
      </form>
    </Dialog>
  );
}
