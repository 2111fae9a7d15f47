/**
 * Word lists the bench catalogue is built from. Names combine a brand, an adjective, a material
 * and a noun of the product's category ("Kestrel Classic Leather Sneakers – Black"), so that
 * keyword search at scale has real words to find and to correct typos against.
 */

export interface BenchCategory {
  name: string;
  slug: string;
  nouns: readonly string[];
  materials: readonly string[];
}

export const CATEGORIES: readonly BenchCategory[] = [
  {
    name: "Clothing",
    slug: "clothing",
    nouns: ["Shirt", "T-Shirt", "Polo", "Hoodie", "Sweater", "Blouse", "Dress", "Tunic"],
    materials: ["Cotton", "Linen", "Denim", "Silk", "Wool", "Jersey"],
  },
  {
    name: "Shoes",
    slug: "shoes",
    nouns: ["Sneakers", "Loafers", "Boots", "Sandals", "Trainers", "Oxfords", "Slip-Ons"],
    materials: ["Leather", "Suede", "Canvas", "Mesh", "Knit"],
  },
  {
    name: "Watches",
    slug: "watches",
    nouns: ["Watch", "Chronograph", "Smartwatch", "Dress Watch", "Diver Watch", "Field Watch"],
    materials: ["Steel", "Titanium", "Leather", "Ceramic", "Gold-Tone"],
  },
  {
    name: "Bags",
    slug: "bags",
    nouns: ["Backpack", "Tote", "Messenger Bag", "Duffel", "Sling Bag", "Laptop Bag"],
    materials: ["Leather", "Canvas", "Nylon", "Jute", "Vegan Leather"],
  },
  {
    name: "Jewellery",
    slug: "jewellery",
    nouns: ["Necklace", "Bracelet", "Ring", "Earrings", "Pendant", "Anklet"],
    materials: ["Silver", "Gold-Plated", "Brass", "Pearl", "Rose Gold"],
  },
  {
    name: "Eyewear",
    slug: "eyewear",
    nouns: ["Sunglasses", "Aviators", "Reading Glasses", "Wayfarers", "Blue-Light Glasses"],
    materials: ["Acetate", "Metal", "Polarized", "Titanium"],
  },
  {
    name: "Outerwear",
    slug: "outerwear",
    nouns: ["Jacket", "Parka", "Blazer", "Trench Coat", "Windbreaker", "Gilet"],
    materials: ["Denim", "Wool", "Leather", "Nylon", "Cotton", "Corduroy"],
  },
  {
    name: "Jeans & Trousers",
    slug: "jeans-trousers",
    nouns: ["Jeans", "Chinos", "Joggers", "Cargo Pants", "Shorts", "Trousers"],
    materials: ["Denim", "Cotton", "Linen", "Twill", "Stretch Denim"],
  },
  {
    name: "Sportswear",
    slug: "sportswear",
    nouns: ["Running Tights", "Track Jacket", "Sports Bra", "Training Tee", "Yoga Pants"],
    materials: ["Mesh", "Polyester", "Cotton", "Spandex", "Dri-Fit"],
  },
  {
    name: "Accessories",
    slug: "accessories",
    nouns: ["Belt", "Scarf", "Cap", "Beanie", "Gloves", "Tie", "Wallet"],
    materials: ["Leather", "Wool", "Cotton", "Silk", "Cashmere"],
  },
  {
    name: "Kids",
    slug: "kids",
    nouns: ["Kids Sneakers", "Romper", "Kids Hoodie", "School Shoes", "Dungarees"],
    materials: ["Cotton", "Canvas", "Fleece", "Denim"],
  },
  {
    name: "Ethnic Wear",
    slug: "ethnic-wear",
    nouns: ["Saree", "Kurta", "Kurta Set", "Sherwani", "Lehenga", "Dupatta"],
    materials: ["Silk", "Cotton", "Chiffon", "Georgette", "Khadi"],
  },
  {
    name: "Nightwear",
    slug: "nightwear",
    nouns: ["Pyjamas", "Robe", "Nightdress", "Lounge Set"],
    materials: ["Cotton", "Satin", "Modal", "Flannel"],
  },
  {
    name: "Swimwear",
    slug: "swimwear",
    nouns: ["Swim Shorts", "Swimsuit", "Bikini", "Rash Guard"],
    materials: ["Nylon", "Recycled", "Lycra"],
  },
  {
    name: "Socks",
    slug: "socks",
    nouns: ["Crew Socks", "Ankle Socks", "Tights", "Trainer Socks"],
    materials: ["Cotton", "Merino", "Bamboo", "Wool"],
  },
  {
    name: "Home Textiles",
    slug: "home-textiles",
    nouns: ["Bedsheet", "Duvet Cover", "Cushion Cover", "Throw", "Bath Towel"],
    materials: ["Cotton", "Linen", "Bamboo", "Velvet", "Jacquard"],
  },
  {
    name: "Fragrances",
    slug: "fragrances",
    nouns: ["Perfume", "Eau de Toilette", "Body Mist", "Attar"],
    materials: ["Rose", "Sandalwood", "Citrus", "Oud", "Jasmine"],
  },
  {
    name: "Smart Devices",
    slug: "smart-devices",
    nouns: ["Fitness Band", "Earbuds", "Smart Ring", "Headphones"],
    materials: ["Silicone", "Aluminium", "Steel", "Matte"],
  },
  {
    name: "Luggage",
    slug: "luggage",
    nouns: ["Suitcase", "Cabin Trolley", "Weekender", "Garment Bag"],
    materials: ["Polycarbonate", "Aluminium", "Leather", "Canvas"],
  },
  {
    name: "Formal Wear",
    slug: "formal-wear",
    nouns: ["Suit", "Tuxedo", "Waistcoat", "Dress Shirt", "Bandhgala"],
    materials: ["Wool", "Linen", "Cotton", "Velvet", "Tweed"],
  },
];

export const BRANDS = [
  "Kestrel",
  "Northwind",
  "Aurel",
  "Banyan",
  "Coastline",
  "Monsoon & Co",
  "Indigo Row",
  "Harbour",
  "Saffron",
  "Ironbark",
  "Juniper",
  "Meridian",
  "Oakline",
  "Peregrine",
  "Quill",
  "Riverstone",
] as const;

export const ADJECTIVES = [
  "Classic",
  "Slim",
  "Vintage",
  "Everyday",
  "Urban",
  "Premium",
  "Lightweight",
  "Relaxed",
  "Heritage",
  "Essential",
  "Modern",
  "Rugged",
  "Minimal",
  "Retro",
  "Tailored",
  "Breathable",
  "Waterproof",
  "Signature",
  "Festive",
  "Handcrafted",
] as const;

export const COLOURS = [
  "Black",
  "Navy",
  "Olive",
  "Tan",
  "White",
  "Charcoal",
  "Burgundy",
  "Sand",
  "Indigo",
  "Grey",
  "Forest Green",
  "Rust",
  "Cream",
  "Sky Blue",
  "Mustard",
  "Blush Pink",
] as const;

export const FEATURES = [
  "finished with reinforced stitching",
  "cut for an easy, relaxed fit",
  "made to last through daily wear",
  "with a soft, breathable lining",
  "designed to keep its shape wash after wash",
  "with thoughtful details and a clean finish",
  "built for comfort from morning to night",
  "light enough to pack anywhere",
  "with a water-resistant finish",
  "made in small batches by skilled artisans",
] as const;

export const OCCASIONS = [
  "Perfect for weekend trips and city walks",
  "Goes from the office to dinner without a change",
  "A dependable favourite for every season",
  "Pairs well with denim and cotton basics",
  "Made for long days on your feet",
  "An easy gift for someone who has everything",
  "Ideal for festive occasions and family gatherings",
  "Great for travel, commutes and everyday errands",
] as const;

export const CARE = [
  "Machine wash cold, dry flat.",
  "Wipe clean with a soft cloth.",
  "Comes with a one-year warranty.",
  "Free returns within 30 days.",
  "Dry clean only.",
  "Hand wash separately in cold water.",
] as const;

export const FIRST_NAMES = [
  "Aarav",
  "Priya",
  "Rohan",
  "Ananya",
  "Vikram",
  "Meera",
  "Arjun",
  "Kavya",
  "Ishaan",
  "Nisha",
  "Dev",
  "Sara",
  "Kabir",
  "Leela",
  "Omar",
  "Tara",
] as const;

export const LAST_NAMES = [
  "Sharma",
  "Iyer",
  "Patel",
  "Khan",
  "Reddy",
  "Fernandes",
  "Mehta",
  "Das",
  "Singh",
  "Nair",
  "Kapoor",
  "Joshi",
] as const;

/** Review titles and comments, from the best rating (index 0 = 5 stars) to the worst. */
export const REVIEW_TITLES = [
  ["Love it", "Excellent quality", "Worth every rupee"],
  ["Very good", "Happy with it", "Nice finish"],
  ["Decent", "Okay for the price", "Does the job"],
  ["Not great", "Expected better", "Runs small"],
  ["Disappointed", "Poor quality", "Would not buy again"],
] as const;

export const REVIEW_COMMENTS = [
  [
    "Fits perfectly and the material feels premium. Delivery was quick too.",
    "Bought it for a wedding and got compliments all evening.",
  ],
  [
    "Good quality for the price, the colour is exactly as shown.",
    "Comfortable from day one; the stitching looks solid.",
  ],
  ["It is fine, nothing special. Sizing is a little off.", "Average quality, but it arrived on time."],
  ["The colour faded after a few washes.", "Smaller than the size chart suggests."],
  ["Came with a loose seam and the return took weeks.", "Looks nothing like the pictures."],
] as const;
