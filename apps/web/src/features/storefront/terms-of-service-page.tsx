import { STATIC_PAGE_HEADS } from "@shop/shared/site";
import { PrivacyText } from "./components/privacy-text";
import { StaticPage } from "./components/static-page";

export function TermsOfServicePage() {
  return (
    <StaticPage title="Terms of Service" head={STATIC_PAGE_HEADS["/terms-of-service"]}>
      <PrivacyText />
    </StaticPage>
  );
}
