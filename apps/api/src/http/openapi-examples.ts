/**
 * Example bodies of the main requests, by operationId, as the API document shows them. Each is a
 * valid request (the document's test checks them against their operation's schema).
 */
import type { AddressInput } from "@shop/shared/schemas/address";
import type { LoginInput, RegisterInput } from "@shop/shared/schemas/auth";
import type { CategoryInput } from "@shop/shared/schemas/category";
import type { OrderInput, OrderStatusInput } from "@shop/shared/schemas/order";
import type { PaymentInput } from "@shop/shared/schemas/payment";
import type { ProductInput } from "@shop/shared/schemas/product";
import type { RefundInput } from "@shop/shared/schemas/refund";
import type { ReviewInput } from "@shop/shared/schemas/review";

const ID = "0123456789abcdef01234567";
const OTHER_ID = "89abcdef0123456789abcdef";

const register: RegisterInput = {
  name: { firstName: "Priya", lastName: "Sharma" },
  email: "priya@example.com",
  password: "Secret@123",
};
const login: LoginInput = { email: "priya@example.com", password: "Secret@123" };
const address: AddressInput = {
  name: { firstName: "Priya", lastName: "Sharma" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "Flat 4B, Lotus Towers",
  street: "12 Residency Road",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560025",
  country: "India",
};
const VARIANT_ID = "0123456789abcdef89abcdef";
const order: OrderInput = {
  products: [
    { product: ID, quantity: 2 },
    { product: OTHER_ID, variant: VARIANT_ID, quantity: 1 },
  ],
  shippingAddress: OTHER_ID,
};
const payment: PaymentInput = {
  order: ID,
  paymentGateway: "test",
  card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
};
const product: ProductInput = {
  name: "Cotton kurta",
  description: "A light cotton kurta for warm days, with a straight cut, side slits and wooden buttons.",
  price: 1499,
  onSale: true,
  salePrice: 1199,
  stock: 25,
  isActive: true,
  category: ID,
  thumbnail: OTHER_ID,
  gallery: [OTHER_ID],
  options: [{ name: "Size", values: ["M", "L"] }],
  variants: [
    {
      sku: "KURTA-M",
      options: { Size: "M" },
      price: 1499,
      onSale: true,
      salePrice: 1199,
      stock: 10,
      isActive: true,
    },
    {
      sku: "KURTA-L",
      options: { Size: "L" },
      price: 1499,
      onSale: true,
      salePrice: 1199,
      stock: 15,
      isActive: true,
    },
  ],
};
const category: CategoryInput = { name: "Kurtas", slug: "kurtas" };
const review: ReviewInput = {
  title: "Soft and well made",
  rating: 5,
  comment: "The fabric is soft, the stitching neat, and it fits as the size chart says.",
};
const orderStatus: OrderStatusInput = { status: "shipped" };
const refund: RefundInput = {
  amount: 25.5,
  reason: "One shirt arrived torn",
  restock: [{ line: OTHER_ID, quantity: 1 }],
};

export const REQUEST_EXAMPLES: Record<string, unknown> = {
  register,
  login,
  addAddress: address,
  placeOrder: order,
  payOrder: payment,
  createProduct: product,
  createCategory: category,
  setCategoryTax: { taxRate: 5, hsnCode: "6211" },
  addReview: review,
  updateOrderStatus: orderStatus,
  refundOrder: refund,
};
