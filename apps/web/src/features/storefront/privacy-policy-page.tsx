import { PrivacyText } from "./components/privacy-text";
import { StaticPage } from "./components/static-page";

export function PrivacyPolicyPage() {
  return (
    <StaticPage title="Privacy Policy" path="/privacy-policy">
      <PrivacyText />
    </StaticPage>
  );
}
