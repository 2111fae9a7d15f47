/**
 * Amounts in words for invoices, by the to-words package, in the sentence case invoices print and in
 * the order's currency: dollars as SPEC's shop writes them, rupees as Indian invoices do ("Rupees one
 * lakh twenty-three thousand only", paise after "and"), any other currency by its name and hundredths.
 */
import { ToWords } from "to-words";

const dollars = new ToWords({
  localeCode: "en-US",
  converterOptions: { currency: true, ignoreZeroCurrency: false, doNotAddOnly: true },
});
const indian = new ToWords({ localeCode: "en-IN" });
const international = new ToWords({ localeCode: "en-US" });

const TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
const UNITS = "one|two|three|four|five|six|seven|eight|nine";
const COMPOUND = new RegExp(`\\b(${TENS}) (${UNITS})\\b`, "g");

/** Lower case, with "sixty-three" hyphenated as written English has it. */
const written = (words: string) => words.toLowerCase().replace(COMPOUND, "$1-$2");
const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * 142.72 → "One hundred forty-two dollars and seventy-two cents"; in INR 163 → "Rupees one hundred
 * sixty-three only", 163.5 → "Rupees one hundred sixty-three and fifty paise only".
 */
export function amountInWords(amount: number, currency = "USD"): string {
  if (currency === "USD") return sentence(written(dollars.convert(amount)));
  const cents = Math.round(amount * 100);
  const whole = Math.floor(cents / 100);
  const hundredths = cents % 100;
  if (currency === "INR") {
    const paise = hundredths > 0 ? ` and ${written(indian.convert(hundredths))} paise` : "";
    return `Rupees ${written(indian.convert(whole))}${paise} only`;
  }
  const name = new Intl.DisplayNames(["en"], { type: "currency" }).of(currency) ?? currency;
  const fraction = hundredths > 0 ? ` and ${String(hundredths).padStart(2, "0")}/100` : "";
  return `${name} ${written(international.convert(whole))}${fraction} only`;
}
