import { useShopName } from "#web/lib/shop-settings";

/** The privacy text; the Terms of Service page repeats it (SPEC section 1). */
export function PrivacyText() {
  const shopName = useShopName();
  return (
    <>
      <p>
        This policy explains what {shopName} collects when you use this shop, why, and what you can do about
        it.
      </p>
      <h2>What we collect</h2>
      <p>
        When you create an account we keep your name, email address and a securely hashed password. When you
        order, we keep the delivery addresses you save, your orders and the status of their payments. We do
        not see or store your card details: payments are handled by our payment provider.
      </p>
      <h2>Why we collect it</h2>
      <p>
        We use your details to run your account, deliver your orders, answer your questions and keep the shop
        safe from abuse. We do not sell your personal data.
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        A single cookie keeps you signed in. Your cart and the products you viewed recently are kept in your
        own browser so they survive a reload; clearing your browser data removes them.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your name, email and password from your profile at any time. To ask for a copy of your
        data or for its deletion, write to us using the details on the contact page.
      </p>
    </>
  );
}
