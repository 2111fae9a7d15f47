import { useSearchParams } from "react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export function SearchPage() {
  const [searchParams] = useSearchParams();
  const keyword = searchParams.get("keyword")?.trim() ?? "";
  return (
    <PagePlaceholder title={keyword ? `Search results for “${keyword}”` : "Search"}>
      Matching products will appear here, with paging.
    </PagePlaceholder>
  );
}
