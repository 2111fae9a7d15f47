import { PrivacyText } from "./components/privacy-text";
import { StaticPage } from "./components/static-page";

export function TermsOfServicePage() {
  return (
    <StaticPage title="Terms of Service" path="/terms-of-service">
      <PrivacyText />
    </StaticPage>
  );
}
