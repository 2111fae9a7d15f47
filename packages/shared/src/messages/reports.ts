/** The dashboard's sales and GST reports and the tax fields of categories and products. */

/**
 * The dashboard's Reports page (/dashboard/reports) and the home's money tiles: net sales, refunds
 * and the other figures of a period, read as the shop's clock reads its days.
 */
export const salesReports = {
  title: "Reports",
  period: "Period",
  periods: {
    today: "Today",
    "7d": "7 days",
    "30d": "30 days",
    "this-month": "This month",
    "last-month": "Last month",
    custom: "Custom range",
  },
  from: "From",
  to: "To",
  /** A custom range with a day left out asks for nothing. */
  chooseDays: "Choose the first and the last day of the period.",
  /** "Mar 1, 2026 – Mar 31, 2026": the days a report covers, both included (one day is named alone). */
  covering: (from: string, to: string) => `${from} – ${to}`,
  allTime: "all time",
  /**
   * Orders in a currency other than the shop's (placed before it switched), counted apart and never
   * in the figures: "and 12 orders in USD: $1,234.00" (the amount written in their currency).
   */
  otherCurrency: (orders: number, currency: string, amount: string) =>
    `and ${orders.toLocaleString("en-US")} ${orders === 1 ? "order" : "orders"} in ${currency}: ${amount}`,
  /** What the line above them says of those orders. */
  otherCurrenciesNote: "Orders in another currency are not added to these figures:",
  /** A figure's name with the period it covers, as a tile shows it: "Net sales · all time". */
  withPeriod: (figure: string, period: string) => `${figure} · ${period}`,
  figures: {
    grossSales: "Gross sales",
    discounts: "Discounts",
    saleDiscounts: "Sale savings",
    codeDiscounts: "Discount codes",
    refunds: "Refunds",
    returns: "Returns",
    netSales: "Net sales",
    totalSales: "Total sales",
    paymentsTaken: "Payments taken",
    chargebacks: "Chargebacks",
    netPayments: "Net payments",
    tax: "Tax collected",
    cgst: "CGST",
    sgst: "SGST",
    igst: "IGST",
    taxInvoiced: "On invoices",
    taxCredited: "On credit notes",
    shipping: "Shipping",
    codFees: "COD fees",
    orders: "Orders",
    ordersPlaced: "Orders placed",
    ordersPaid: "Orders paid",
    averageOrderValue: "Average order value",
    units: "Units",
  },
  tables: {
    byDay: "Net sales by day",
    topProducts: "Top 10 products by net sales",
    topProductsByUnits: "Top 10 products by units",
    byCategory: "Sales by category",
    byDiscountCode: "Discount codes",
    /** Cash on delivery parcels that came back refused (return to origin, RTO). */
    returnedToOrigin: "Cash on delivery returned to origin (RTO)",
  },
  columns: {
    product: "Product",
    sku: "SKU",
    category: "Category",
    code: "Code",
    uses: "Uses",
    discount: "Discount given",
    units: "Units",
    netSales: "Net sales",
    month: "Month",
    state: "State",
    codShipped: "COD orders shipped",
    returnedToOrigin: "Returned (RTO)",
    rtoRate: "RTO rate",
  },
  /** The abandoned-checkout reminders' card: sent in the period, and the orders that came of them. */
  cartReminders: {
    title: "Abandoned checkout reminders",
    sent: "Reminders sent",
    recovered: "Carts recovered",
    recoveredSales: "Recovered sales",
    note: "Recovered: an order placed within 7 days of a reminder sent in the period, and not cancelled.",
  },
  /** Payments taken by what took them (decision 042): store credit a row of its own, each provider what it took. */
  paymentsByMethod: {
    title: "Payments taken by method",
    method: "Method",
    amount: "Amount",
    total: "Payments taken",
    none: "No payment was taken in this period.",
  },
  downloadCsv: "Download CSV",
  noSales: "No sales in this period.",
  noCodes: "No discount code was used in this period.",
  noCodShipped: "No cash on delivery order shipped in this period.",
  /** The RTO table's summary line above its rows. */
  rtoSummary: (returned: number, shipped: number, rate: string) =>
    `${returned} of ${shipped} cash on delivery ${shipped === 1 ? "order" : "orders"} returned to origin (${rate}).`,
  /** A state left blank on an address. */
  noState: "No state",
  /** The chart's line for a pointer resting on no day. */
  pointAtDay: "Point at a day for its figures",
  /** The chart's region, named for screen readers; on a phone it scrolls, opening at today's end. */
  chartRegion: (period: string) => `${period}, by day`,
  chartScroller: (period: string) => `${period}, by day: scroll sideways for earlier days`,
  chartEarlierDays: "Earlier days are to the left.",
} as const;

/**
 * The Reports page's GST tab (GET /reports/gst): a month's GSTR-1 tables as the GST portal's offline
 * tool names them, and its GSTR-3B 3.1(a) figures.
 */
export const gstReport = {
  /** The tabs of the Reports page. */
  tabs: "Report",
  salesTab: "Sales",
  gstTab: "GST",
  title: "GST returns",
  monthLabel: "Month",
  /** A `month` that is not one (the API's field error). */
  month: "This must be a month as YYYY-MM.",
  /** The month's documents, as the tab says it under the month. */
  documents: (invoices: number, notes: number) =>
    `${invoices} ${invoices === 1 ? "invoice" : "invoices"} and ${notes} ${notes === 1 ? "credit note" : "credit notes"} dated in this month.`,
  /** The registration whose return the tables are (a new GSTIN files its own). */
  registration: (gstin: string) => `The return of GSTIN ${gstin}.`,
  /** The month has documents issued under another GSTIN of the shop (its registration changed). */
  otherRegistrations: "Documents dated in this month were also issued under:",
  empty: "No invoice or credit note is dated in this month.",
  emptyHint: "GSTR-1 for a month without documents is a nil return.",
  noRows: "Nothing to report in this table for the month.",
  gstr3b: "GSTR-3B 3.1(a): outward taxable supplies",
  gstr3bHint: "Net of the month's credit notes; nil-rated lines are left out.",
  tables: {
    b2b: "B2B: invoices to registered buyers",
    b2cl: "B2CL: inter-state invoices above ₹1 lakh",
    b2cs: "B2CS: other sales to consumers",
    cdnr: "CDNR: credit notes to registered buyers",
    cdnur: "CDNUR: credit notes of B2CL invoices",
    hsn: "HSN summary",
    hsnb2b: "HSN summary: B2B (registered buyers)",
    hsnb2c: "HSN summary: B2C (consumers)",
    docs: "Documents issued",
  },
  columns: {
    gstin: "GSTIN",
    receiver: "Receiver",
    invoice: "Invoice",
    note: "Credit note",
    date: "Date",
    invoiceValue: "Invoice value",
    noteValue: "Note value",
    placeOfSupply: "Place of supply",
    rate: "Rate",
    taxableValue: "Taxable value",
    igst: "IGST",
    cgst: "CGST",
    sgst: "SGST/UTGST",
    cess: "Cess",
    hsn: "HSN",
    description: "Description",
    quantity: "Quantity",
    totalValue: "Total value",
    nature: "Document",
    from: "From",
    to: "To",
    total: "Total",
    cancelled: "Cancelled",
  },
  /** An order line sold without an HSN code. */
  noHsn: "No HSN code",
} as const;

/**
 * The GST rate and HSN code of a product (the product form's Tax group) and of a category (the
 * categories page): null at either level falls back to the category's, then the shop's default.
 */
export const taxFields = {
  /** The product form's group. */
  title: "Tax",
  description: "The GST charged on this product, and the HSN code its invoices show.",
  rate: "GST rate",
  productRateHint: "Category default: the category's rate, else the shop's.",
  categoryRateHint: "Shop default: the rate in Settings.",
  /** A category's HSN description, as invoices and the HSN summary print it. */
  hsnDescription: "HSN description",
  hsnDescriptionHint:
    "Printed with the HSN code on invoices and in the HSN summary: at most 30 characters. Left empty: the HSN chapter's name.",
  /** A product's null rate: its category's, else the shop's. */
  categoryDefault: "Category default",
  /** A category's null rate or HSN code: the shop's, from Settings. */
  shopDefault: "Shop default",
  other: "Other…",
  /** The product's unit of quantity (UQC), printed with every quantity on its invoices. */
  uqc: "Unit (UQC)",
  uqcHint: "How its quantities are counted on invoices and in GSTR-1: NOS for pieces.",
  otherRate: "Other rate (%)",
  /** Its limits (from the schema) are said after it. */
  otherRateHint: "A percent, with up to 2 decimals.",
  /** A rate by the value of a piece (slabs): GST 2.0 taxes clothes and shoes so. */
  byPrice: "Rate by price",
  slabsTitle: "Rates by the price of a piece",
  slabsHint:
    "Each piece takes the rate of its price after sale prices and codes. Clothes and shoes: 5% up to 2,500, 18% above.",
  slabUpTo: (slab: number) => `Slab ${slab}: up to`,
  slabRate: (slab: number) => `Slab ${slab}: rate (%)`,
  /** The last slab's rate, for any price above the limits before it. */
  slabAboveRate: "Above: rate (%)",
  addSlab: "Add a slab",
  removeSlab: (slab: number) => `Remove slab ${slab}`,
  /** A rate by price in the categories table: "5% / 18% by price". */
  slabsSummary: (rates: readonly number[]) => `${rates.map((rate) => `${rate}%`).join(" / ")} by price`,
  /** A rate as the dashboard writes it: 18 → "18%", 2.5 → "2.5%". */
  percent: (rate: number) => `${rate}%`,
  hsn: "HSN code",
  /** The names of a category's rate and code on a phone's card, where the table has no headers. */
  rateShort: "GST",
  hsnShort: "HSN",
  /** The product count's name on the same card, beside the rate and the code. */
  productsShort: "Products",
  productHsnHint: "4, 6 or 8 digits. Empty: the category's code, else the shop's.",
  categoryHsnHint: "4, 6 or 8 digits. Empty: the shop's default.",
  /** The categories table's action and its dialog (admins). */
  edit: (category: string) => `Edit tax of ${category}`,
  editTitle: (category: string) => `Tax of ${category}`,
  save: "Save",
} as const;
