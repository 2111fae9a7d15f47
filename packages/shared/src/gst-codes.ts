/**
 * The codes GST documents and the offline tool's templates use for what is sold: units of quantity
 * (UQC) and the short names of the HSN chapters (GST.md, "The tax invoice"; decision 050).
 */

/**
 * Units of quantity a shop selling goods uses, as the GSTR-1 templates write them ("NOS-NUMBERS");
 * NOS is the default, for goods counted in pieces.
 */
export const UQCS = [
  "NOS",
  "PCS",
  "PRS",
  "SET",
  "DOZ",
  "PAC",
  "BOX",
  "BTL",
  "KGS",
  "GMS",
  "MTR",
  "LTR",
  "MLT",
  "UNT",
  "OTH",
] as const;
export type Uqc = (typeof UQCS)[number];

/** Each unit as the templates' UQC column writes it. */
export const UQC_LABELS: Readonly<Record<Uqc, string>> = {
  NOS: "NOS-NUMBERS",
  PCS: "PCS-PIECES",
  PRS: "PRS-PAIRS",
  SET: "SET-SETS",
  DOZ: "DOZ-DOZENS",
  PAC: "PAC-PACKS",
  BOX: "BOX-BOX",
  BTL: "BTL-BOTTLES",
  KGS: "KGS-KILOGRAMS",
  GMS: "GMS-GRAMMES",
  MTR: "MTR-METERS",
  LTR: "LTR-LITRES",
  MLT: "MLT-MILILITRE",
  UNT: "UNT-UNITS",
  OTH: "OTH-OTHERS",
};
export const DEFAULT_UQC: Uqc = "NOS";

/** A unit as the templates' UQC column writes it: "NOS-NUMBERS", "PRS-PAIRS". */
export function uqcLabel(uqc: string): string {
  return (UQC_LABELS as Readonly<Record<string, string>>)[uqc] ?? uqc;
}

/** The alphabet and length the offline tool accepts in table 12's description. */
export const HSN_DESCRIPTION_PATTERN = /^[A-Za-z0-9 _@./&-]*$/;
export const HSN_DESCRIPTION_MAX = 30;

/**
 * The HSN chapters' names (the first two digits of a code), shortened to the tool's 30 characters of
 * its alphabet: the description of a code whose owner keeps none. 99 is the services' SAC chapter.
 */
export const HSN_CHAPTERS: Readonly<Record<string, string>> = {
  "01": "Live animals",
  "02": "Meat and edible offal",
  "03": "Fish and crustaceans",
  "04": "Dairy eggs and honey",
  "05": "Other animal products",
  "06": "Live trees and plants",
  "07": "Edible vegetables",
  "08": "Edible fruit and nuts",
  "09": "Coffee tea and spices",
  "10": "Cereals",
  "11": "Milling products",
  "12": "Oil seeds and fruits",
  "13": "Lac gums and resins",
  "14": "Vegetable plaiting materials",
  "15": "Animal or vegetable fats",
  "16": "Meat and fish preparations",
  "17": "Sugars and confectionery",
  "18": "Cocoa and preparations",
  "19": "Cereal and flour preparations",
  "20": "Vegetable and fruit products",
  "21": "Misc edible preparations",
  "22": "Beverages and vinegar",
  "23": "Food residues and fodder",
  "24": "Tobacco and substitutes",
  "25": "Salt sulphur earth and stone",
  "26": "Ores slag and ash",
  "27": "Mineral fuels and oils",
  "28": "Inorganic chemicals",
  "29": "Organic chemicals",
  "30": "Pharmaceutical products",
  "31": "Fertilisers",
  "32": "Tanning dyes paints and inks",
  "33": "Perfumery and cosmetics",
  "34": "Soap and washing preparations",
  "35": "Albuminoids glues and enzymes",
  "36": "Explosives and matches",
  "37": "Photographic goods",
  "38": "Misc chemical products",
  "39": "Plastics and articles",
  "40": "Rubber and articles",
  "41": "Raw hides skins and leather",
  "42": "Leather articles and bags",
  "43": "Furskins and artificial fur",
  "44": "Wood and articles",
  "45": "Cork and articles",
  "46": "Basketware and wickerwork",
  "47": "Pulp of wood",
  "48": "Paper and paperboard",
  "49": "Printed books and newspapers",
  "50": "Silk",
  "51": "Wool and animal hair",
  "52": "Cotton",
  "53": "Other vegetable textile fibres",
  "54": "Man-made filaments",
  "55": "Man-made staple fibres",
  "56": "Wadding felt and cordage",
  "57": "Carpets and floor coverings",
  "58": "Special woven fabrics",
  "59": "Coated textile fabrics",
  "60": "Knitted or crocheted fabrics",
  "61": "Apparel knitted or crocheted",
  "62": "Apparel not knitted",
  "63": "Other made up textiles",
  "64": "Footwear",
  "65": "Headgear",
  "66": "Umbrellas and walking sticks",
  "67": "Feathers and artificial flower",
  "68": "Articles of stone and cement",
  "69": "Ceramic products",
  "70": "Glass and glassware",
  "71": "Pearls stones and jewellery",
  "72": "Iron and steel",
  "73": "Articles of iron or steel",
  "74": "Copper and articles",
  "75": "Nickel and articles",
  "76": "Aluminium and articles",
  "78": "Lead and articles",
  "79": "Zinc and articles",
  "80": "Tin and articles",
  "81": "Other base metals",
  "82": "Tools and cutlery",
  "83": "Misc articles of base metal",
  "84": "Machinery and appliances",
  "85": "Electrical machinery",
  "86": "Railway equipment",
  "87": "Vehicles other than railway",
  "88": "Aircraft and spacecraft",
  "89": "Ships and boats",
  "90": "Optical and medical apparatus",
  "91": "Clocks and watches",
  "92": "Musical instruments",
  "93": "Arms and ammunition",
  "94": "Furniture and bedding",
  "95": "Toys games and sports goods",
  "96": "Misc manufactured articles",
  "97": "Works of art and antiques",
  "98": "Project imports",
  "99": "Services",
};

/** A code's description when the owner keeps none: its chapter's name ("" for a code of no chapter). */
export function hsnChapterName(hsnCode: string | null | undefined): string {
  return (hsnCode && HSN_CHAPTERS[hsnCode.slice(0, 2)]) || "";
}
