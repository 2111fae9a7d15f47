/**
 * Cash on delivery money: the aggregator's remittance file as staff upload it (PUT /cod-remittances),
 * and the report's figures of the COD cash collected, held by couriers and remitted.
 */

/** What the API answers about a remittance file (refusals and the success). */
export const remittanceApi = {
  /** 400: a body that is not the file's CSV text. */
  csvBody:
    "Send the remittance file as CSV text (Content-Type: text/csv), with AWB, amount, date and UTR columns.",
  unreadable: "This file cannot be read as CSV text.",
  empty: "The remittance file has no rows.",
  tooManyRows: (max: number) => `A remittance file holds at most ${max.toLocaleString("en-US")} rows.`,
  /** 400: a column none of whose known names is in the header; `names` lists them. */
  missingColumn: (column: string, names: readonly string[]) =>
    `The remittance file has no ${column} column (its header may name it ${names.map((name) => `"${name}"`).join(", ")}).`,
  /** 400: a wrong row; nothing of the file is saved. */
  rowRefused: (line: number, reason: string) =>
    `Row ${line} of the remittance file: ${reason} Nothing was saved.`,
  rowCells: "it has fewer cells than the header.",
  rowAwb: "the AWB is missing or too long.",
  rowAmount: "the amount must be a number with at most 2 decimals (such as 1,299.50).",
  rowDate: "the date must be YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY.",
  rowUtr: "the UTR is missing or too long.",
  uploaded: (remitted: number) =>
    remitted === 1
      ? "Remittance file saved: 1 parcel remitted."
      : `Remittance file saved: ${remitted} parcels remitted.`,
  /** The activity log's name of the upload (its subject's label). */
  activityLabel: "COD remittance file",
} as const;

/** The column names of a remittance file, as staff read them in a refusal. */
export const remittanceColumns = {
  awb: "AWB",
  amount: "amount",
  date: "date",
  utr: "UTR",
} as const;

/** The sales report's card of cash on delivery money. */
export const codCashReport = {
  title: "Cash on delivery money",
  collected: "Collected by couriers",
  collectedHint: "COD parcels delivered in the period: the cash their couriers took",
  awaiting: "Awaiting remittance",
  awaitingHint: (parcels: number) =>
    `Held by couriers now, not yet paid to the shop (${parcels === 1 ? "1 parcel" : `${parcels} parcels`})`,
  remitted: "Remitted",
  remittedHint: "Paid to the shop in the period, by the remittance files",
} as const;
