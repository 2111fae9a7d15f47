import { useFormContext } from "react-hook-form";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import type { ProductFormState } from "./product-form-values";

/** The product's name and description. */
export function ProductDetailsFields() {
  const { register, formState } = useFormContext<ProductFormState>();
  const { errors } = formState;
  return (
    <>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register("name")} />
      <TextArea
        label="Description"
        rows={6}
        hint="At least 50 characters."
        error={errors.description?.message}
        {...register("description")}
      />
    </>
  );
}
