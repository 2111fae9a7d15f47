/** Delivery to a PIN code: the delivery answer, the PIN code lists of shipping methods and the dispatch rules. */

const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;

/** The API's words for the delivery answer and a method's PIN code list (its upload, line by line). */
export const deliveryApi = {
  /** A PIN code typed or put in a path that is not six digits starting with 1 to 9. */
  pincode: "A PIN code is 6 digits and does not start with 0.",
  /** The PIN code list's search: the first digits of a PIN code. */
  pincodeSearch: "Search by the first digits of a PIN code (up to 6).",
  /** The shipping method a PIN code list is asked for is not in the settings. */
  methodNotFound: "There is no shipping method with this id.",
  /** A list saved whole. */
  listSaved: (n: number) => `PIN code list saved: ${rows(n)}.`,
  /** A list refused: some of its rows are wrong (`errors` names each by its line). */
  listRefused: (faults: number) =>
    `${rows(faults)} of the file ${faults === 1 ? "is" : "are"} wrong: nothing was saved. Correct ${faults === 1 ? "it" : "them"} and upload the file again.`,
  /** A PUT of a list whose body is not CSV text (JSON, nothing at all). */
  csvBody: "Send the list as CSV text (Content-Type: text/csv): one PIN code a line, pincode,days,cod.",
  /** The body is no CSV text (not UTF-8, an unclosed quote). */
  unreadable: "This file cannot be read as CSV text.",
  /** The file has no row but its header. */
  empty: "The file has no PIN codes.",
  tooManyRows: (max: number) => `A list holds at most ${max.toLocaleString("en-US")} PIN codes.`,
  /** A row that is not three cells. */
  rowCells:
    "A row is a PIN code, its delivery days and whether cash on delivery is possible: pincode,days,cod.",
  rowPincode: "The PIN code must be 6 digits and not start with 0.",
  rowDays: (max: number) => `The days must be a whole number from 1 to ${max}.`,
  rowCod: "COD must be yes or no (true or false, 1 or 0).",
  /** A PIN code the file lists twice: the later line is refused. */
  rowDuplicate: (line: number) => `This PIN code is already on line ${line}.`,
} as const;

/** The settings' checks of the shipping section's PIN code lists and dispatch rules. */
export const deliveryValidation = {
  /** A method serving a PIN code list names no states: its list says where it delivers. */
  pincodeMethodStates: "A method serving a list of PIN codes serves no states: leave the states out.",
  deliveryDays: (max: number) => `Delivery days are a whole number from 1 to ${max}.`,
  cutoffHour: "The cut-off is an hour from 0 to 23.",
  weekday: "A day of the week is a number from 0 (Sunday) to 6 (Saturday).",
  weekdayRepeated: "Each day of the week is listed once.",
  noDispatchDay: "Keep at least one day of the week to dispatch on.",
  holidayRepeated: "Each holiday is listed once.",
} as const;
