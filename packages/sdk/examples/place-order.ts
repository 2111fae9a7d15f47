import { createShopClient } from "@shop/sdk";

/** Lists products, signs in, saves an address and orders one of the first product found. */
export async function placeOrder(baseUrl: string, email: string, password: string) {
  const shop = createShopClient(baseUrl);

  // The catalogue needs no session: the first page of active products matching a keyword.
  const products = await shop.GET("/api/products", {
    params: { query: { keyword: "tote", page: 1, size: 8 } },
  });
  // A refusal comes as `error`: the API's error envelope, typed from the document.
  if (products.error) throw new Error(`listing products: ${products.error.message}`);
  const product = products.data.data[0];
  if (!product) throw new Error("no product matches");

  // Signing in sets the session cookie; the client sends it with every call that follows.
  const signIn = await shop.POST("/api/auth/login", { body: { email, password } });
  if (signIn.error) throw new Error(`signing in: ${signIn.error.message}`);

  // An order ships to one of the shopper's saved addresses.
  const address = await shop.POST("/api/users/current-user/addresses", {
    body: {
      name: { firstName: "Priya", lastName: "Sharma" },
      countryCode: "91",
      phoneNumber: "9876543210",
      building: "Flat 12, Sea View Apartments",
      street: "Marine Drive Road",
      city: "Mumbai",
      state: "Maharashtra",
      pinCode: "400002",
      country: "India",
    },
  });
  if (address.error) throw new Error(`saving the address: ${address.error.message}`);

  // The server prices the order and takes the stock. Sending the same Idempotency-Key again (a retry
  // after a lost answer) returns the same order with 200 instead of placing a second one.
  const order = await shop.POST("/api/orders", {
    params: { header: { "idempotency-key": crypto.randomUUID() } },
    body: {
      products: [{ product: product._id, quantity: 1 }],
      shippingAddress: address.data.data._id,
    },
  });
  if (order.error) throw new Error(`placing the order: ${order.error.message}`);
  return order.data.data; // status "pending" until paid; totalAmount as the server priced it
}
