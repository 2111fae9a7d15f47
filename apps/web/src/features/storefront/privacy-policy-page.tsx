import { STATIC_PAGE_HEADS } from "@shop/shared/site";
import { PrivacyText } from "./components/privacy-text";
import { StaticPage } from "./components/static-page";

export function PrivacyPolicyPage() {
  return (
    <StaticPage title="Privacy Policy" head={STATIC_PAGE_HEADS["/privacy-policy"]}>
      <PrivacyText />
    </StaticPage>
  );
}
