import { accountNotes } from "@shop/shared/messages";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { MyOrders } from "./components/my-orders";

/** The shopper's orders on a page of their own (/account/orders): the account menus' "My orders". */
export function MyOrdersPage() {
  const head = <PageMeta title={pageTitle(accountNotes.myOrders)} />;
  return (
    <>
      {head}
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <MyOrders onOwnPage />
      </div>
    </>
  );
}
