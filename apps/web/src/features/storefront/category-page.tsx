import { useParams } from "react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export function CategoryPage() {
  const { categorySlug = "" } = useParams();
  return (
    <PagePlaceholder title={`Category: ${categorySlug}`}>
      This category&apos;s products will appear here.
    </PagePlaceholder>
  );
}
