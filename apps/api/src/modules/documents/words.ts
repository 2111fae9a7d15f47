/** Amounts in words for invoices, by the to-words package, in the sentence case invoices print. */
import { ToWords } from "to-words";

const dollars = new ToWords({
  localeCode: "en-US",
  converterOptions: { currency: true, ignoreZeroCurrency: false, doNotAddOnly: true },
});

const TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
const UNITS = "one|two|three|four|five|six|seven|eight|nine";
const COMPOUND = new RegExp(`\\b(${TENS}) (${UNITS})\\b`, "g");

/** 142.72 → "One hundred forty-two dollars and seventy-two cents". */
export function amountInWords(amount: number): string {
  const words = dollars.convert(amount).toLowerCase().replace(COMPOUND, "$1-$2");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
