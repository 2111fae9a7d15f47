import { zodResolver } from "@hookform/resolvers/zod";
import { formErrors } from "@shop/shared/messages";
import type { ProductDto, ProductInput } from "@shop/shared/schemas/product";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "#web/components/button";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useSaveProduct } from "../api/save-product";
import { ProductDetailsFields } from "./product-details-fields";
import {
  isProductField,
  type ProductFormState,
  productFormDefaults,
  productFormSchema,
} from "./product-form-values";
import { ProductImagesFields } from "./product-images-fields";
import { ProductOptionsFields } from "./product-options-fields";
import { ProductPricingFields } from "./product-pricing-fields";
import { ProductSizeFields } from "./product-size-fields";
import { ProductTaxFields } from "./product-tax-fields";
import { ProductVisibilityFields } from "./product-visibility-fields";

const cardClass = "space-y-5 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6";

/**
 * Every field of SPEC section 5's product, for New Product and Edit Product, section by section,
 * and its options and variants: a product with options is priced and stocked per variant.
 */
export function ProductForm({ product }: { product?: ProductDto }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?._id);
  const form = useForm<ProductFormState, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema(product)),
    defaultValues: productFormDefaults(product),
  });
  const optionCount = useWatch({ control: form.control, name: "options" }).length;

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => navigate(values.isActive ? "/dashboard/products" : "/dashboard/products/inactive"),
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, isProductField, form.setError);
        },
      }),
    () => toast.error(formErrors.product),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <div className={cardClass}>
            <ProductDetailsFields />
            {optionCount === 0 ? (
              <ProductPricingFields />
            ) : (
              <p className="rounded-control bg-neutral-50 px-3 py-2 text-sm text-neutral-600">
                This product is priced and stocked per variant, under Options and variants.
              </p>
            )}
          </div>
          <div className={cardClass}>
            <ProductTaxFields />
          </div>
          <div className={cardClass}>
            <ProductSizeFields />
          </div>
        </div>
        {/* Under the details and the tax on a phone; on a wide screen the whole width below both columns, for the grid. */}
        <div className={`${cardClass} lg:col-span-3 lg:row-start-2`}>
          <ProductOptionsFields product={product} />
        </div>
        <div className="space-y-6 lg:col-start-3 lg:row-start-1">
          <div className={cardClass}>
            <ProductVisibilityFields />
          </div>
          <div className={cardClass}>
            <ProductImagesFields thumbnail={product?.thumbnail ?? null} gallery={product?.gallery ?? []} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" fullWidth onClick={() => navigate(-1)}>
              Cancel
            </Button>
            <Button type="submit" fullWidth loading={save.isPending}>
              {product ? "Save Product" : "Create Product"}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
