/** DTOs as the API sends them (they must pass the @shop/shared schemas lib/api.ts checks in tests). */
import type { PublicConfig } from "@shop/shared/api";
import type { AddressDto } from "@shop/shared/schemas/address";
import type { CategoryDto } from "@shop/shared/schemas/category";
import type { CartPriceDto } from "@shop/shared/schemas/discount";
import type { MediaDto } from "@shop/shared/schemas/media";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ProductDto } from "@shop/shared/schemas/product";
import type { UserDto } from "@shop/shared/schemas/user";

const CREATED = "2026-01-05T10:00:00.000Z";

export const shoes: CategoryDto = { _id: "a1a1a1a1a1a1a1a1a1a1a1a1", name: "Shoes", slug: "shoes", count: 4 };
export const watches: CategoryDto = {
  _id: "b2b2b2b2b2b2b2b2b2b2b2b2",
  name: "Watches",
  slug: "watches",
  count: 2,
};

export function media(id: string, name: string): MediaDto {
  return { _id: id, name, url: `/media/${name}`, width: 800, height: 800, variants: [], createdAt: CREATED };
}

export const lampPicture = media("c3c3c3c3c3c3c3c3c3c3c3c3", "lamp.png");
export const lampSide = media("d4d4d4d4d4d4d4d4d4d4d4d4", "lamp-side.png");

export const lamp: ProductDto = {
  _id: "e5e5e5e5e5e5e5e5e5e5e5e5",
  name: "Brass Desk Lamp",
  description: "A warm brass desk lamp with a weighted base and an adjustable arm for reading.",
  taxRate: null,
  taxSlabs: null,
  hsnCode: null,
  uqc: "NOS",
  weightKg: null,
  dimensionsCm: null,
  price: 40,
  onSale: true,
  salePrice: 30,
  stock: 7,
  isActive: true,
  category: { _id: shoes._id, name: shoes.name, slug: shoes.slug },
  thumbnail: lampPicture,
  rating: { average: 0, count: 0 },
  createdAt: CREATED,
  gallery: [lampSide],
  reviews: [],
  updatedAt: CREATED,
  options: [],
  variantCount: 1,
  variants: [
    {
      _id: "e6e6e6e6e6e6e6e6e6e6e6e6",
      sku: "e5e5e5e5e5e5e5e5e5e5e5e5",
      options: {},
      price: 40,
      onSale: true,
      salePrice: 30,
      stock: 7,
      isActive: true,
      weightKg: null,
      dimensionsCm: null,
    },
  ],
};

export const homeAddress: AddressDto = {
  _id: "f6f6f6f6f6f6f6f6f6f6f6f6",
  name: { firstName: "Priya", lastName: "Sharma" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "Flat 12, Sea View Apartments",
  street: "Marine Drive Road",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400002",
  country: "India",
  gstin: null,
  legalName: null,
  stateValid: true,
};

/** A paid order of one shopper, invoiced: for the pages that show an order's state and documents. */
export const paidOrder: OrderDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  number: 1001,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "p@example.com",
  },
  createdAt: lamp.createdAt,
  updatedAt: lamp.createdAt,
  status: "processing",
  paymentState: "completed",
  fulfilment: "unfulfilled",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 0,
  shippingAmount: 80,
  taxAmount: 10.8,
  currency: "USD",
  pricesIncludeTax: false,
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: null,
  discountAmount: 0,
  codFee: 0,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  codConfirmation: null,
  onlineDiscount: 0,
  storeCreditUsed: 0,
  invoiceNumber: "INV/2026-27/000001",
  shippingAddress: (({ _id, stateValid, ...address }) => address)(homeAddress),
  payment: {
    _id: "2c2c2c2c2c2c2c2c2c2c2c2c",
    status: "completed",
    paymentGateway: "test",
    method: null,
    amount: 115.4,
    tenders: [{ kind: "test", amount: 115.4 }],
    transactionId: "test_123",
    refundedAmount: 0,
    refunds: [],
  },
  products: [],
  history: [],
  shipments: [],
  returns: [],
};

/** GET /api/config of a fresh shop (SPEC's settings, the test gateway, no demo account). */
export const publicConfig: PublicConfig = {
  storeEmail: "help@example.com",
  storePhone: "+91 22 4000 0000",
  paymentProvider: "test",
  paymentMethods: ["test"],
  maxQuantityPerLine: 10,
  demo: null,
  store: {
    name: "Bazaar",
    legalName: "Bazaar",
    address: "4th Floor, Maker Chambers IV, Nariman Point, Mumbai 400021, Maharashtra, India",
    email: "help@example.com",
    phone: "+91 22 4000 0000",
  },
  currency: { code: "USD", locale: "en-US" },
  taxes: { pricesIncludeTax: false, defaultRate: 18 },
  shippingMethods: [
    {
      _id: "5e771e9000000000000000a1",
      name: "Standard",
      price: 80,
      freeAbove: 5000,
      estimatedDays: null,
      states: null,
      enabled: true,
      serves: "states",
      days: null,
    },
  ],
  minimumOrder: 0,
  cod: { enabled: false, maxOrderValue: 10000, fee: 0, confirmHours: 48 },
  returnWindowDays: 7,
  shiprocket: false,
  whatsapp: false,
};

/** A signed-in staff member of this role (the dashboard's tests). */
export function staff(role: UserDto["role"]): UserDto {
  return {
    _id: "a0a0a0a0a0a0a0a0a0a0a0a0",
    name: { firstName: "Meera", lastName: "Shah" },
    email: "meera@example.com",
    avatar: null,
    role,
    status: true,
    twoFactorEnabled: false,
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

/**
 * A shop in rupees whose prices include GST, at 18% unless a product's category says otherwise;
 * shipping is free above ₹100.
 */
export const rupeeConfig: PublicConfig = {
  ...publicConfig,
  store: {
    name: "Kapda House",
    legalName: "Kapda House Textiles LLP",
    address: "12 Residency Road\nBengaluru 560025\nKarnataka, India",
    email: "hello@kapda.example",
    phone: "+91 80 4123 4567",
  },
  currency: { code: "INR", locale: "en-IN" },
  taxes: { pricesIncludeTax: true, defaultRate: 18 },
  shippingMethods: publicConfig.shippingMethods.map((method) => ({ ...method, freeAbove: 100 })),
};

const KURTA_VARIANT = "b9b9b9b9b9b9b9b9b9b9b9b9";

/** ₹149.98, in a category taxed at 5%: within the price, ₹7.14 of it is GST (₹22.88 at 18%). */
export const kurta: ProductDto = {
  ...lamp,
  _id: "b8b8b8b8b8b8b8b8b8b8b8b8",
  name: "Cotton Kurta",
  price: 149.98,
  onSale: false,
  salePrice: 0,
  variants: lamp.variants.map((variant) => ({
    ...variant,
    _id: KURTA_VARIANT,
    sku: "KURTA-COTTON",
    price: 149.98,
    onSale: false,
    salePrice: 0,
  })),
};

/** The server's pricing of `quantity` kurtas in the rupee shop: 5% within the price, shipped free. */
export function pricedKurtas(quantity: number, taxPrice: number): CartPriceDto {
  const total = Math.round(14_998 * quantity) / 100;
  return {
    lines: [
      {
        product: kurta._id,
        variant: KURTA_VARIANT,
        quantity,
        unitPrice: 149.98,
        lineTotal: total,
        savedAmount: 0,
        discountShare: 0,
        taxRate: 5,
      },
    ],
    itemsPrice: total,
    discountPrice: 0,
    discountCode: null,
    discountAmount: 0,
    discountMessage: null,
    shippingPrice: 0,
    shippingMethod: { _id: "5e771e9000000000000000a1", name: "Standard", price: 80 },
    shippingMessage: null,
    taxPrice,
    taxIncluded: true,
    taxRate: 5,
    supply: "inter-state",
    totalPrice: total,
  };
}
