import { PagePlaceholder } from "../../components/page-placeholder";

export function SalePage() {
  return <PagePlaceholder title="Sale">Every product on sale will appear here.</PagePlaceholder>;
}
