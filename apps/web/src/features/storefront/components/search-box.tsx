import { useLocation, useNavigate, useSearchParams } from "react-router";
import { SearchField } from "#web/components/search-field";

/** The header's search: submits to /search?keyword=, and shows the current keyword on that page. */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === "/search" ? (searchParams.get("keyword") ?? "") : "";
  return (
    <SearchField
      label="Search products"
      buttonLabel="Search"
      defaultValue={current}
      onSearch={(keyword) => navigate(`/search?${new URLSearchParams({ keyword }).toString()}`)}
      tone="muted"
      className={className}
    />
  );
}
