import { ContactDetails } from "#web/components/contact-details";
import { StaticPage } from "./components/static-page";

export function ContactPage() {
  return (
    <StaticPage
      title="Contact us"
      path="/contact"
      lead="We are happy to help with orders, payments, returns and anything else."
    >
      <div className="rounded-card bg-white p-6 shadow-card ring-1 ring-neutral-200">
        <ContactDetails />
      </div>
    </StaticPage>
  );
}
