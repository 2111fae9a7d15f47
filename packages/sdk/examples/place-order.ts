import { createShopClient } from "@shop/sdk";

/** Lists products, signs in, saves an address and orders one of the first product found. */
export async function placeOrder(baseUrl: string, email: string, password: string) {
  const shop = createShopClient(baseUrl);

  // The catalogue needs no session: the first page of active products matching a keyword.
  const products = await shop.GET("/api/products", {
    params: { query: { keyword: "tote", page: 1, size: 8 } },
  });
  if (!products.data) throw new Error(`listing products: HTTP ${products.response.status}`);
  const product = products.data.data[0];
  if (!product) throw new Error("no product matches");

  // Signing in sets the session cookie; the client sends it with every call that follows.
  const signIn = await shop.POST("/api/auth/login", { body: { email, password } });
  if (!signIn.data) throw new Error(`signing in: HTTP ${signIn.response.status}`);

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
  if (!address.data) throw new Error(`saving the address: HTTP ${address.response.status}`);

  // The server prices the order and takes the stock. Sending the same Idempotency-Key again (a retry
  // after a lost answer) returns the same order with 200 instead of placing a second one.
  const order = await shop.POST("/api/orders", {
    params: { header: { "idempotency-key": crypto.randomUUID() } },
    body: {
      products: [{ product: product._id, quantity: 1 }],
      shippingAddress: address.data.data._id,
    },
  });
  if (!order.data) throw new Error(`placing the order: HTTP ${order.response.status}`);
  return order.data.data; // status "pending" until paid; totalAmount as the server priced it
}
