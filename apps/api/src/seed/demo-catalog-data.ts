/** The demo catalogue's contents: categories, products and review texts (see demo-catalog.ts). */
import type { PictureKind } from "./demo-pictures";

/**
 * The categories with the 4-digit HSN code their invoices print (notification 78/2020: 4 digits up
 * to ₹5 crore of turnover, GST.md). Their GST is the shop's rate (18% by default, SPEC's): the
 * owner sets a category's own rate, or GST 2.0's rates by price for clothes and shoes, in the
 * dashboard; the demo's journeys price its products at the shop's rate.
 */
export const DEMO_CATEGORIES = [
  { name: "Clothing", slug: "clothing", hsnCode: "6205" },
  { name: "Shoes", slug: "shoes", hsnCode: "6404" },
  { name: "Watches", slug: "watches", hsnCode: "9102" },
  { name: "Bags", slug: "bags", hsnCode: "4202" },
  { name: "Accessories", slug: "accessories", hsnCode: "9004" },
] as const;

export type DemoCategorySlug = (typeof DEMO_CATEGORIES)[number]["slug"];

export interface DemoProduct {
  category: DemoCategorySlug;
  name: string;
  description: string;
  kind: PictureKind;
  colour: string;
  price: number;
  /** Present: on sale at this price. */
  salePrice?: number;
  /**
   * Units in stock; for a product sold in sizes, the units of each variant (each size in each
   * colour) unless `stockBySize` says otherwise.
   */
  stock: number;
  soldCount: number;
  /** Absent: active. */
  inactive?: true;
  /** Sold in sizes: UK 6 to 11 for shoes, XS to XXL for clothing; one variant per size (and colour). */
  sizes?: "shoe" | "clothing";
  /** A second option, Colour, with these values. */
  colours?: readonly string[];
  /** Units of every colour of the sizes named: a sold-out size (0) or a low one. */
  stockBySize?: Readonly<Record<string, number>>;
  /** Added to the price and the sale price of the sizes named (the largest sizes cost more). */
  surchargeBySize?: Readonly<Record<string, number>>;
  /** Its own HSN code where its category's does not fit it (a cap among sunglasses). */
  hsnCode?: string;
}

/** The values of the Size option. */
export const DEMO_SIZES = {
  shoe: ["UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"],
  clothing: ["XS", "S", "M", "L", "XL", "XXL"],
} as const;

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Clothing
  {
    category: "clothing",
    name: "Classic Cotton Crew T-Shirt",
    kind: "tshirt",
    colour: "#1f3a93",
    price: 19.99,
    stock: 10,
    soldCount: 412,
    description: "A soft, midweight crew neck T-shirt in combed cotton that keeps its shape wash after wash.",
    sizes: "clothing",
    colours: ["Navy", "White"],
    stockBySize: { XS: 4 },
  },
  {
    category: "clothing",
    name: "Organic Linen Summer Shirt",
    kind: "shirt",
    colour: "#d8c3a5",
    price: 44,
    salePrice: 34.99,
    stock: 6,
    soldCount: 96,
    description:
      "Breathable organic linen with a relaxed cut and mother-of-pearl buttons, made for hot afternoons.",
    sizes: "clothing",
    stockBySize: { XXL: 0 },
  },
  {
    category: "clothing",
    name: "Heavyweight Pocket Tee",
    kind: "tshirt",
    colour: "#556b2f",
    price: 24.5,
    stock: 8,
    soldCount: 140,
    description:
      "A boxy heavyweight tee with a chest pocket and ribbed collar, cut from 240 gsm cotton jersey.",
    sizes: "clothing",
    stockBySize: { XS: 0, S: 2, M: 3, L: 1, XL: 0, XXL: 0 },
  },
  {
    category: "clothing",
    name: "Slim Fit Oxford Shirt",
    kind: "shirt",
    colour: "#8fb8de",
    price: 39,
    stock: 5,
    soldCount: 233,
    description:
      "A crisp cotton Oxford shirt with a button-down collar that works with jeans or a suit alike.",
    sizes: "clothing",
    colours: ["Blue", "White"],
    stockBySize: { XS: 0 },
  },
  {
    category: "clothing",
    name: "Quilted Puffer Jacket",
    kind: "jacket",
    colour: "#c0392b",
    price: 129,
    salePrice: 99,
    stock: 14,
    soldCount: 78,
    description:
      "Lightweight recycled insulation in a quilted shell that packs into its own pocket for travel.",
    sizes: "clothing",
    stockBySize: { XS: 2, S: 3, M: 4, L: 3, XL: 2, XXL: 0 },
    surchargeBySize: { XXL: 10 },
  },
  {
    category: "clothing",
    name: "Waterproof Rain Shell Jacket",
    kind: "jacket",
    colour: "#f1c40f",
    price: 89,
    stock: 0,
    soldCount: 151,
    description:
      "Taped seams, a peaked hood and pit zips keep you dry and cool on wet commutes and long hikes.",
    sizes: "clothing",
  },
  {
    category: "clothing",
    name: "Merino Wool Polo Shirt",
    kind: "shirt",
    colour: "#7b2d3b",
    price: 64,
    stock: 4,
    soldCount: 37,
    description:
      "Fine merino knit polo that regulates temperature, resists odour and looks sharp all day long.",
    sizes: "clothing",
    colours: ["Charcoal", "Cream"],
    stockBySize: { XXL: 1 },
  },
  {
    category: "clothing",
    name: "Denim Trucker Jacket",
    kind: "jacket",
    colour: "#35608f",
    price: 98,
    salePrice: 79,
    stock: 1,
    soldCount: 88,
    description:
      "A classic trucker jacket in rigid selvedge denim that breaks in and fades beautifully over time.",
    sizes: "clothing",
    stockBySize: { XS: 0, XXL: 0 },
    surchargeBySize: { XL: 6, XXL: 6 },
  },
  {
    category: "clothing",
    name: "Striped Breton Long Sleeve Top",
    kind: "tshirt",
    colour: "#2c3e50",
    price: 34,
    stock: 8,
    soldCount: 64,
    description:
      "The timeless sailor stripe in a dense cotton knit with a wide boat neck and three-quarter sleeves.",
    sizes: "clothing",
  },
  {
    category: "clothing",
    name: "Relaxed Fit Graphic Tee",
    kind: "tshirt",
    colour: "#222222",
    price: 22,
    stock: 6,
    soldCount: 19,
    description:
      "A relaxed tee printed with water-based inks on soft ring-spun cotton, pre-washed for comfort.",
    sizes: "clothing",
    colours: ["Black", "White"],
    stockBySize: { M: 0 },
  },
  {
    category: "clothing",
    name: "Flannel Check Overshirt",
    kind: "shirt",
    colour: "#2e7d4f",
    price: 58,
    stock: 2,
    soldCount: 4,
    inactive: true,
    description:
      "A brushed cotton flannel overshirt with a bold check, chest pockets and a warm, cosy hand feel.",
    sizes: "clothing",
  },

  // Shoes
  {
    category: "shoes",
    name: "Everyday Canvas Sneakers",
    kind: "sneaker",
    colour: "#e9e4d8",
    price: 49,
    stock: 14,
    soldCount: 520,
    description:
      "Low-top canvas sneakers with a vulcanised rubber sole and a cushioned insole for all-day wear.",
    sizes: "shoe",
    stockBySize: { "UK 11": 0 },
  },
  {
    category: "shoes",
    name: "Suede Court Sneakers",
    kind: "sneaker",
    colour: "#b5835a",
    price: 85,
    salePrice: 69,
    stock: 3,
    soldCount: 207,
    description: "Soft suede uppers on a clean cupsole, inspired by seventies court shoes and built to last.",
    sizes: "shoe",
    stockBySize: { "UK 6": 1, "UK 11": 0 },
  },
  {
    category: "shoes",
    name: "Trail Running Shoes",
    kind: "sneaker",
    colour: "#e67e22",
    price: 120,
    stock: 9,
    soldCount: 175,
    description:
      "Grippy lugged outsoles, a rock plate and a breathable mesh upper for fast runs on rough trails.",
    sizes: "shoe",
    stockBySize: { "UK 6": 0, "UK 7": 1, "UK 8": 2, "UK 9": 1, "UK 10": 3, "UK 11": 0 },
  },
  {
    category: "shoes",
    name: "Leather Chelsea Boots",
    kind: "boot",
    colour: "#6b3e26",
    price: 149,
    stock: 5,
    soldCount: 132,
    description:
      "Full-grain leather Chelsea boots with elastic gussets, pull tabs and a Goodyear-welted sole.",
    sizes: "shoe",
    stockBySize: { "UK 9": 0, "UK 10": 2 },
  },
  {
    category: "shoes",
    name: "Waterproof Hiking Boots",
    kind: "boot",
    colour: "#5d6b3a",
    price: 165,
    salePrice: 139,
    stock: 0,
    soldCount: 98,
    description: "A waterproof membrane, ankle support and a Vibram outsole for long days in the mountains.",
    sizes: "shoe",
  },
  {
    category: "shoes",
    name: "Knit Slip-On Sneakers",
    kind: "sneaker",
    colour: "#8e9aa6",
    price: 65,
    stock: 7,
    soldCount: 61,
    description: "A sock-like recycled knit upper on a springy foam sole that slips on and off in a second.",
    sizes: "shoe",
    stockBySize: { "UK 6": 3 },
  },
  {
    category: "shoes",
    name: "Retro High-Top Sneakers",
    kind: "boot",
    colour: "#b22222",
    price: 75,
    stock: 0,
    soldCount: 244,
    description:
      "Padded high-top basketball sneakers with a retro silhouette and a herringbone rubber outsole.",
    sizes: "shoe",
    stockBySize: { "UK 8": 2, "UK 9": 1 },
  },
  {
    category: "shoes",
    name: "Lightweight Road Running Shoes",
    kind: "sneaker",
    colour: "#2d6cdf",
    price: 110,
    salePrice: 89.99,
    stock: 6,
    soldCount: 301,
    description:
      "A responsive foam midsole and an engineered mesh upper that weigh under 250 grams per shoe.",
    sizes: "shoe",
    stockBySize: { "UK 7": 0, "UK 11": 2 },
  },
  {
    category: "shoes",
    name: "Classic Leather Loafers",
    kind: "sneaker",
    colour: "#4a2c1d",
    price: 119,
    stock: 3,
    soldCount: 44,
    description:
      "Hand-stitched penny loafers in polished calf leather with a leather sole and a cushioned footbed.",
    sizes: "shoe",
    stockBySize: { "UK 6": 0 },
  },
  {
    category: "shoes",
    name: "Desert Chukka Boots",
    kind: "boot",
    colour: "#c9a36b",
    price: 95,
    stock: 0,
    soldCount: 57,
    description:
      "Two-eyelet suede chukka boots on a natural crepe sole, light enough for summer evenings out.",
    sizes: "shoe",
  },
  {
    category: "shoes",
    name: "Platform Leather Sneakers",
    kind: "sneaker",
    colour: "#f5f5f5",
    price: 99,
    stock: 4,
    soldCount: 0,
    inactive: true,
    description:
      "Smooth white leather sneakers on a chunky platform sole, arriving next season in limited sizes.",
    sizes: "shoe",
  },

  // Watches
  {
    category: "watches",
    name: "Chronograph Steel Watch",
    kind: "watch",
    colour: "#1c2833",
    price: 249,
    salePrice: 199,
    stock: 12,
    soldCount: 188,
    description:
      "A 42 mm stainless steel chronograph with a sapphire crystal, tachymeter bezel and 100 m water resistance.",
  },
  {
    category: "watches",
    name: "Minimalist Leather Strap Watch",
    kind: "watch",
    colour: "#f4efe6",
    price: 129,
    stock: 30,
    soldCount: 264,
    description:
      "A clean 38 mm dial with slim baton hands on an Italian leather strap with a quick-release pin.",
  },
  {
    category: "watches",
    name: "Automatic Dive Watch",
    kind: "watch",
    colour: "#0b5394",
    price: 399,
    stock: 6,
    soldCount: 73,
    description:
      "A self-winding dive watch with a unidirectional ceramic bezel, luminous markers and 200 m rating.",
  },
  {
    category: "watches",
    name: "Classic Gold Dress Watch",
    kind: "watch",
    colour: "#d4af37",
    price: 329,
    salePrice: 279,
    stock: 4,
    soldCount: 41,
    description:
      "A slim gold-tone dress watch with a sunburst dial and a black croc-effect leather strap for evenings.",
  },
  {
    category: "watches",
    name: "Field Watch with Canvas Strap",
    kind: "watch",
    colour: "#4b5320",
    price: 149,
    stock: 25,
    soldCount: 155,
    description:
      "A rugged 40 mm field watch with a legible Arabic-numeral dial, luminous hands and a canvas strap.",
  },
  {
    category: "watches",
    name: "Solar Titanium Watch",
    kind: "watch",
    colour: "#7f8c8d",
    price: 289,
    stock: 0,
    soldCount: 66,
    description:
      "Light-powered and featherweight: a titanium case that runs for months in the dark on a single charge.",
  },
  {
    category: "watches",
    name: "Digital Sports Watch",
    kind: "watch",
    colour: "#27ae60",
    price: 59,
    salePrice: 45,
    stock: 90,
    soldCount: 480,
    description:
      "Stopwatch, countdown timer, alarms and a backlight in a shock-resistant case for training sessions.",
  },
  {
    category: "watches",
    name: "Rose Gold Mesh Watch",
    kind: "watch",
    colour: "#e8b4a0",
    price: 159,
    stock: 17,
    soldCount: 122,
    description: "A rose-gold-tone case on a fine Milanese mesh bracelet with an adjustable magnetic clasp.",
  },
  {
    category: "watches",
    name: "Pilot Chronograph Watch",
    kind: "watch",
    colour: "#2c3e50",
    price: 359,
    stock: 7,
    soldCount: 29,
    description:
      "Oversized crown, bold aviation numerals and a flyback chronograph inspired by cockpit instruments.",
  },
  {
    category: "watches",
    name: "Skeleton Automatic Watch",
    kind: "watch",
    colour: "#5b2c6f",
    price: 449,
    stock: 2,
    soldCount: 12,
    inactive: true,
    description: "An open-worked dial shows the automatic movement at work beneath a domed sapphire crystal.",
  },
  {
    category: "watches",
    name: "Kids' Colourful Analogue Watch",
    kind: "watch",
    colour: "#ff6f61",
    price: 29,
    stock: 55,
    soldCount: 93,
    description:
      "An easy-to-read time-teacher dial with hour and minute labels on a soft, adjustable silicone strap.",
  },

  // Bags
  {
    category: "bags",
    name: "Canvas Market Tote",
    kind: "tote",
    colour: "#c2b280",
    price: 29,
    stock: 100,
    soldCount: 310,
    description:
      "Heavy cotton canvas tote with long handles and an inner pocket, roomy enough for the weekly shop.",
  },
  {
    category: "bags",
    name: "Leather Weekender Bag",
    kind: "tote",
    colour: "#7b4a2d",
    price: 249,
    salePrice: 209,
    stock: 6,
    soldCount: 38,
    description:
      "A full-grain leather holdall with brass hardware, a shoe compartment and a detachable shoulder strap.",
  },
  {
    category: "bags",
    name: "Everyday Laptop Backpack",
    kind: "backpack",
    colour: "#34495e",
    price: 89,
    stock: 45,
    soldCount: 276,
    description:
      "A padded sleeve for a 16-inch laptop, a water-resistant shell and organised pockets for daily carry.",
  },
  {
    category: "bags",
    name: "Roll-Top Commuter Backpack",
    kind: "backpack",
    colour: "#d35400",
    price: 109,
    stock: 0,
    soldCount: 84,
    description:
      "A welded waterproof roll-top backpack with reflective details for cycling to work in any weather.",
  },
  {
    category: "bags",
    name: "Mini Crossbody Bag",
    kind: "tote",
    colour: "#e91e63",
    price: 59,
    salePrice: 47,
    stock: 28,
    soldCount: 149,
    description:
      "A compact crossbody in pebbled leather with an adjustable strap and room for phone, keys and cards.",
  },
  {
    category: "bags",
    name: "Waxed Canvas Messenger Bag",
    kind: "tote",
    colour: "#6e7f50",
    price: 119,
    stock: 10,
    soldCount: 52,
    description:
      "Weather-resistant waxed canvas with leather trim and a padded laptop compartment for the commute.",
  },
  {
    category: "bags",
    name: "Travel Duffel Bag",
    kind: "tote",
    colour: "#1a5276",
    price: 79,
    stock: 32,
    soldCount: 101,
    description:
      "A 45-litre duffel with a separate wet compartment, luggage-trolley sleeve and padded shoulder strap.",
  },
  {
    category: "bags",
    name: "Recycled Nylon Daypack",
    kind: "backpack",
    colour: "#16a085",
    price: 55,
    salePrice: 39,
    stock: 64,
    soldCount: 212,
    description:
      "A light 20-litre daypack made from recycled nylon, with a bottle pocket and a padded back panel.",
  },
  {
    category: "bags",
    name: "Structured Leather Handbag",
    kind: "tote",
    colour: "#111111",
    price: 189,
    stock: 1,
    soldCount: 27,
    description:
      "A structured top-handle bag in smooth calf leather with a zip compartment and gold-tone feet.",
  },
  {
    category: "bags",
    name: "Foldable Shopping Tote",
    kind: "tote",
    colour: "#9b59b6",
    price: 15,
    stock: 200,
    soldCount: 6,
    inactive: true,
    description:
      "A ripstop tote that folds into its own pouch and clips onto a key ring, ready whenever you shop.",
  },

  // Accessories
  {
    category: "accessories",
    name: "Polarised Aviator Sunglasses",
    kind: "sunglasses",
    colour: "#2f4f4f",
    price: 79,
    salePrice: 59,
    stock: 40,
    soldCount: 199,
    description:
      "Lightweight metal aviators with polarised lenses that cut glare on the road and by the water.",
  },
  {
    category: "accessories",
    name: "Round Acetate Sunglasses",
    kind: "sunglasses",
    colour: "#8b4513",
    price: 69,
    stock: 26,
    soldCount: 87,
    description:
      "Hand-polished tortoiseshell acetate frames with round UV400 lenses and sturdy five-barrel hinges.",
  },
  {
    category: "accessories",
    name: "Classic Baseball Cap",
    kind: "cap",
    colour: "#1f3a93",
    price: 25,
    stock: 150,
    soldCount: 356,
    description:
      "A six-panel cotton twill cap with a curved brim and an adjustable strap that fits most heads.",
    hsnCode: "6505",
  },
  {
    category: "accessories",
    name: "Wool Blend Winter Cap",
    kind: "cap",
    colour: "#95a5a6",
    price: 32,
    stock: 0,
    soldCount: 74,
    description:
      "A warm wool-blend cap with fleece-lined ear flaps that fold up neatly when the sun comes out.",
    hsnCode: "6505",
  },
  {
    category: "accessories",
    name: "Reversible Leather Belt",
    kind: "belt",
    colour: "#3e2723",
    price: 45,
    stock: 38,
    soldCount: 163,
    description:
      "Black on one side, brown on the other: a full-grain leather belt with a turning brushed buckle.",
    hsnCode: "4203",
  },
  {
    category: "accessories",
    name: "Braided Canvas Belt",
    kind: "belt",
    colour: "#2874a6",
    price: 22,
    salePrice: 16,
    stock: 9,
    soldCount: 58,
    description:
      "A stretchy braided belt that fastens at any point, with leather tips and a polished metal buckle.",
    hsnCode: "6217",
  },
  {
    category: "accessories",
    name: "Sport Wraparound Sunglasses",
    kind: "sunglasses",
    colour: "#c0392b",
    price: 89,
    stock: 21,
    soldCount: 45,
    description:
      "Wraparound frames with grippy nose pads and impact-resistant lenses for cycling and running.",
  },
  {
    category: "accessories",
    name: "Corduroy Dad Cap",
    kind: "cap",
    colour: "#a0522d",
    price: 28,
    stock: 4,
    soldCount: 120,
    description:
      "A soft unstructured cap in fine-wale corduroy with a brass buckle strap and a pre-curved visor.",
    hsnCode: "6505",
  },
  {
    category: "accessories",
    name: "Cat-Eye Sunglasses",
    kind: "sunglasses",
    colour: "#111111",
    price: 59,
    salePrice: 44.5,
    stock: 16,
    soldCount: 81,
    description:
      "Retro cat-eye frames in glossy black acetate with gradient lenses that flatter most face shapes.",
  },
  {
    category: "accessories",
    name: "Suede Bucket Hat",
    kind: "cap",
    colour: "#b7950b",
    price: 39,
    stock: 30,
    soldCount: 2,
    inactive: true,
    description:
      "A soft suede bucket hat with a short sloping brim, lined in cotton and finished with tonal stitching.",
    hsnCode: "6505",
  },
];

/** Review texts by rating; each title is 10+ characters and each comment 20+. */
export const DEMO_REVIEW_TEXTS: Record<number, { title: string; comment: string }[]> = {
  5: [
    {
      title: "Absolutely love it",
      comment: "Exceeded my expectations in every way. The quality is superb and it arrived quickly.",
    },
    {
      title: "Worth every penny",
      comment: "I was hesitant about the price, but after a month of daily use I would buy it again.",
    },
    {
      title: "Perfect gift idea",
      comment: "Bought this for my brother's birthday and he has not stopped using it since.",
    },
  ],
  4: [
    {
      title: "Very good overall",
      comment: "Great quality and looks just like the photos. Delivery took a day longer than promised.",
    },
    {
      title: "Solid and well made",
      comment: "Feels sturdy and well finished. I would have liked a couple more colour options.",
    },
    {
      title: "Happy with this one",
      comment: "Does exactly what I needed. Sizing runs slightly small, so consider going up one.",
    },
  ],
  3: [
    {
      title: "Decent for the price",
      comment: "It is fine for everyday use, though the finish is not as premium as I had hoped.",
    },
    {
      title: "Okay, nothing special",
      comment: "Does the job. The colour is a little different from the picture on my screen.",
    },
  ],
  2: [
    {
      title: "Not quite what I expected",
      comment: "The material feels thinner than described. Customer support was helpful, though.",
    },
  ],
  1: [
    {
      title: "Disappointed this time",
      comment: "Mine arrived with a small defect. The replacement was fine, but it took two weeks.",
    },
  ],
};

/** Demo shoppers who wrote the reviews (besides the demo shopper account). */
export const DEMO_REVIEWERS = [
  { firstName: "Meera", lastName: "Iyer", email: "meera.iyer@example.com" },
  { firstName: "Arjun", lastName: "Mehta", email: "arjun.mehta@example.com" },
  { firstName: "Chloe", lastName: "Martin", email: "chloe.martin@example.com" },
  { firstName: "Daniel", lastName: "Okafor", email: "daniel.okafor@example.com" },
] as const;
