import type { ProductDto } from "@shop/shared/schemas/product";
import { ProductGrid, ProductGridSkeleton } from "#web/components/product-grid";
import { useCategoryProducts } from "../api/get-category-products";
import { ProductSection } from "./product-section";

const RELATED_MAX = 4;

/** Other active products of the product's category; nothing when it has none. */
export function RelatedProducts({
  productId,
  category,
}: {
  productId: string;
  category: ProductDto["category"];
}) {
  // One more than shown, since the product itself may be among them.
  const related = useCategoryProducts(category.slug, { page: 1, size: RELATED_MAX + 1 });
  const others = related.data?.items.filter((product) => product._id !== productId).slice(0, RELATED_MAX);

  if (related.isError || (others && others.length === 0)) return null;
  return (
    <ProductSection
      id="related"
      title="Related products"
      viewAll={{ to: `/product-category/${category.slug}`, label: `More in ${category.name}` }}
    >
      {others ? <ProductGrid products={others} /> : <ProductGridSkeleton count={RELATED_MAX} />}
    </ProductSection>
  );
}
