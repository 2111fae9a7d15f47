import { zodResolver } from "@hookform/resolvers/zod";
import { ReviewInput } from "@shop/shared/schemas/review";
import { Controller, useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { RatingInput } from "#web/components/rating-input";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useCreateReview } from "../api/create-review";

const FIELDS = ["title", "rating", "comment"] as const;

/** A signed-in shopper's review of a product: title, rating 1 to 5 and comment (SPEC section 5). */
export function ReviewForm({ productId }: { productId: string }) {
  const createReview = useCreateReview(productId);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<ReviewInput>({
    resolver: zodResolver(ReviewInput),
    defaultValues: { title: "", comment: "" },
  });

  const onSubmit = handleSubmit((values) =>
    createReview.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="review-form-heading" className="space-y-5">
      <h3 id="review-form-heading" className="text-lg font-semibold text-neutral-900">
        Write a review
      </h3>
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <RatingInput
            label="Rating"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label="Title"
        autoComplete="off"
        error={formState.errors.title?.message}
        {...register("title")}
      />
      <TextArea label="Comment" rows={5} error={formState.errors.comment?.message} {...register("comment")} />
      <Button type="submit" loading={createReview.isPending}>
        Submit review
      </Button>
    </form>
  );
}
