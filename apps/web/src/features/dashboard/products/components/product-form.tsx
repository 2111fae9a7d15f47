import { PhotoIcon, XMarkIcon } from "@heroicons/react/20/solid";
import { zodResolver } from "@hookform/resolvers/zod";
import { formErrors, successes } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { type ProductDto, type ProductFormValues, ProductInput } from "@shop/shared/schemas/product";
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "../../../../components/button";
import { MediaImage } from "../../../../components/media-image";
import { TextArea } from "../../../../components/text-area";
import { TextField } from "../../../../components/text-field";
import { isApiError } from "../../../../lib/api";
import { applyServerErrors } from "../../../../lib/form-errors";
import { toast } from "../../../../lib/toast";
import { useCategories } from "../../categories/api/get-categories";
import { StatusToggle } from "../../components/status-toggle";
import { useSaveProduct } from "../api/save-product";
import { MediaPicker } from "./media-picker";

const FIELDS = [
  "name",
  "description",
  "price",
  "onSale",
  "salePrice",
  "stock",
  "isActive",
  "category",
  "thumbnail",
  "gallery",
] as const;

/** An empty number field is "no value" (zod says 'This is required.'), not NaN. */
const asNumber = (value: unknown) => (value === "" || value === null ? undefined : Number(value));

function defaultsOf(product: ProductDto | undefined): ProductFormValues {
  if (!product) {
    return {
      name: "",
      description: "",
      price: undefined as unknown as number,
      onSale: false,
      salePrice: undefined,
      stock: undefined as unknown as number,
      isActive: true,
      category: "",
      thumbnail: "",
      gallery: [],
    };
  }
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    onSale: product.onSale,
    salePrice: product.onSale ? product.salePrice : undefined,
    stock: product.stock,
    isActive: product.isActive,
    category: product.category._id,
    thumbnail: product.thumbnail?._id ?? "",
    gallery: product.gallery.map((media) => media._id),
  };
}

/** Every field of SPEC section 5's product, for New Product and Edit Product. */
export function ProductForm({ product }: { product?: ProductDto }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const save = useSaveProduct(product?._id);
  const categoryId = useId();
  const [thumbnail, setThumbnail] = useState<MediaDto | null>(product?.thumbnail ?? null);
  const [gallery, setGallery] = useState<MediaDto[]>(product?.gallery ?? []);
  const [picker, setPicker] = useState<"thumbnail" | "gallery" | null>(null);

  const { register, handleSubmit, control, formState, setValue, watch, setError } = useForm<
    ProductFormValues,
    unknown,
    ProductInput
  >({ resolver: zodResolver(ProductInput), defaultValues: defaultsOf(product) });
  const { errors } = formState;
  const onSale = watch("onSale");

  const onSubmit = handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          toast.success(successes.productSaved);
          navigate(values.isActive ? "/dashboard/products" : "/dashboard/products/inactive");
        },
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
          toast.error(error.message);
        },
      }),
    () => toast.error(formErrors.product),
  );

  const chooseThumbnail = (media: MediaDto[]) => {
    const first = media[0] ?? null;
    setThumbnail(first);
    setValue("thumbnail", first?._id ?? "", { shouldValidate: formState.isSubmitted });
    setPicker(null);
  };
  const chooseGallery = (media: MediaDto[]) => {
    setGallery(media);
    setValue(
      "gallery",
      media.map((item) => item._id),
      { shouldValidate: formState.isSubmitted },
    );
    setPicker(null);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-5 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6 lg:col-span-2">
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register("name")} />
        <TextArea
          label="Description"
          rows={6}
          hint="At least 50 characters."
          error={errors.description?.message}
          {...register("description")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Price ($)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={errors.price?.message}
            {...register("price", { setValueAs: asNumber })}
          />
          <TextField
            label="Stock"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            error={errors.stock?.message}
            {...register("stock", { setValueAs: asNumber })}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="onSale"
            render={({ field }) => (
              <ToggleField label="On sale" hint="Turning it off resets the sale price.">
                <StatusToggle
                  label="On sale"
                  checked={field.value ?? false}
                  onChange={(value) => {
                    field.onChange(value);
                    // SPEC section 4: the onSale toggle resets salePrice.
                    setValue("salePrice", value ? undefined : 0, { shouldValidate: formState.isSubmitted });
                  }}
                />
              </ToggleField>
            )}
          />
          <TextField
            label="Sale price ($)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            disabled={!onSale}
            error={errors.salePrice?.message}
            {...register("salePrice", { setValueAs: asNumber })}
          />
        </div>
      </div>

      <div className="space-y-6">
        <div className="space-y-5 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6">
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <ToggleField label="Active" hint="Inactive products are hidden from the shop.">
                <StatusToggle label="Active" checked={field.value ?? false} onChange={field.onChange} />
              </ToggleField>
            )}
          />
          <div>
            <label htmlFor={categoryId} className="block text-sm font-medium text-neutral-800">
              Category
            </label>
            <select
              id={categoryId}
              aria-invalid={errors.category ? true : undefined}
              className="mt-1.5 block h-10 w-full rounded-control border border-neutral-300 bg-white pr-8 pl-3 text-sm text-neutral-900 focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
              {...register("category")}
            >
              <option value="">{categories.isPending ? "Loading categories..." : "Choose a category"}</option>
              {categories.data?.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
            {errors.category ? (
              <p className="mt-1.5 text-xs font-medium text-danger-700">{errors.category.message}</p>
            ) : null}
          </div>
        </div>

        <div className="space-y-5 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6">
          <ImagesField
            label="Thumbnail"
            media={thumbnail ? [thumbnail] : []}
            error={errors.thumbnail?.message}
            onPick={() => setPicker("thumbnail")}
            onRemove={() => chooseThumbnail([])}
            buttonLabel="Choose thumbnail"
          />
          <ImagesField
            label="Gallery"
            media={gallery}
            error={errors.gallery?.message}
            onPick={() => setPicker("gallery")}
            onRemove={(id) => chooseGallery(gallery.filter((item) => item._id !== id))}
            buttonLabel="Choose gallery images"
          />
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

      {picker ? (
        <MediaPicker
          open
          title={picker === "thumbnail" ? "Choose the thumbnail" : "Choose gallery images"}
          limit={picker === "thumbnail" ? 1 : undefined}
          selected={picker === "thumbnail" ? (thumbnail ? [thumbnail] : []) : gallery}
          onClose={() => setPicker(null)}
          onSelect={picker === "thumbnail" ? chooseThumbnail : chooseGallery}
        />
      ) : null}
    </form>
  );
}

function ToggleField({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p className="text-sm font-medium text-neutral-800">{label}</p>
        <p className="text-xs text-neutral-500">{hint}</p>
      </div>
      {children}
    </div>
  );
}

interface ImagesFieldProps {
  label: string;
  media: readonly MediaDto[];
  error: string | undefined;
  buttonLabel: string;
  onPick: () => void;
  onRemove: (id: string) => void;
}

function ImagesField({ label, media, error, buttonLabel, onPick, onRemove }: ImagesFieldProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      {media.length > 0 ? (
        <ul className="mt-2 grid grid-cols-4 gap-2">
          {media.map((item) => (
            <li key={item._id} className="relative">
              <MediaImage
                media={item}
                alt={`${label}: ${item.name}`}
                sizes="80px"
                className="aspect-square w-full rounded-control bg-neutral-100 object-cover ring-1 ring-neutral-200"
              />
              <button
                type="button"
                onClick={() => onRemove(item._id)}
                aria-label={`Remove ${item.name} from ${label.toLowerCase()}`}
                className="absolute -top-1.5 -right-1.5 inline-flex size-6 items-center justify-center rounded-full bg-white text-neutral-600 shadow ring-1 ring-neutral-200 hover:text-danger-700"
              >
                <XMarkIcon className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-2 flex h-20 items-center justify-center rounded-control border border-dashed border-neutral-300 bg-neutral-50">
          <PhotoIcon className="size-6 text-neutral-300" aria-hidden="true" />
        </div>
      )}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onPick}>
        {buttonLabel}
      </Button>
      {error ? <p className="mt-1.5 text-xs font-medium text-danger-700">{error}</p> : null}
    </fieldset>
  );
}
