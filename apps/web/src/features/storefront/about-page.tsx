import { Link } from "react-router";
import { useShopName } from "#web/lib/shop-settings";
import { StaticPage } from "./components/static-page";

export function AboutPage() {
  const shopName = useShopName();
  return (
    <StaticPage
      title={`About ${shopName}`}
      path="/about"
      lead="A small team in Mumbai bringing you clothing, shoes and watches we would wear ourselves."
    >
      <p>
        We started {shopName} to make shopping online feel as trustworthy as shopping at a favourite local
        store: honest prices, clear stock information and people you can reach when you need them.
      </p>
      <h2>What we promise</h2>
      <p>
        Every price you see is the price you pay, with tax and shipping shown before you pay. Orders above the
        free-shipping threshold ship free, and our support team is one email or call away.
      </p>
      <p>
        Questions? Visit our{" "}
        <Link to="/contact" className="font-medium text-brand-700 hover:underline">
          contact page
        </Link>
        .
      </p>
    </StaticPage>
  );
}
