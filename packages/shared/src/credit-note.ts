/**
 * What a credit note gives back (CGST Act section 34; GST.md, "The credit note"): the tax the
 * invoice charged on what comes back, per item and per rate. Worked out from what each invoice line
 * still holds (its units, taxable value and GST not yet credited), in integer cents (paise), the same
 * in the refund dialog and on the server:
 * - by the goods: units of lines (all of a line's units left give back all of its value and tax left;
 *   fewer give back their share of it), and shipping or the cash on delivery fee as a whole;
 * - by an amount (goodwill): spread over the goods lines by the value they still hold (with shipping
 *   and the fee when named), each part split into value and tax as its line holds them.
 * A part of a line gives back its share of what the line holds (rounded half up, so that one of two
 * jackets gives back half the price, never a paisa more), its taxable value its share of the line's,
 * and its tax by the rule of every taxed row (decision 047): round(taxable × rate), CGST = SGST each
 * round(taxable × rate / 2), never more than the line has left; what the part's share holds beyond
 * them is its round off, outside GST. The last units of a line take exactly what is left of it, so
 * that the credit notes of a line add up to what its invoice line charged.
 */
import { spreadCents } from "./pricing";

export type CreditKind = "goods" | "shipping" | "cod_fee";

/** What an invoice line still holds: its units left (goods) and its value and GST not yet credited, in cents. */
export interface Creditable {
  kind: CreditKind;
  /** The order line (goods); null for shipping and the COD fee. */
  itemId: string | null;
  rate: number;
  quantity: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /**
   * What the line holds outside GST: a charge the order left outside GST (all of it), or the round off
   * of a row priced including GST (a paisa or two either way). 0 when left out.
   */
  outsideGst?: number;
}

/** One line of a credit note, in cents. */
export interface CreditLine {
  kind: CreditKind;
  itemId: string | null;
  /** Units given back (0 for value without goods). */
  quantity: number;
  taxableValue: number;
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Given back outside GST: an untaxed charge, or the part's round off. */
  outsideGst: number;
  total: number;
}

/** A charge's (shipping's, the COD fee's) GST as its order recorded it, in cents (all 0: outside GST). */
export interface ChargeGst {
  taxableValue: number;
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * What an invoice charged for shipping or the COD fee, as a credit note gives it back (cents): its
 * taxable value and GST when the order taxed it, and outside GST what the shopper paid beyond them (the
 * whole charge when untaxed; a taxed charge's round off when prices include GST). Paid: the amount,
 * with its GST on top when prices exclude GST.
 */
export function chargeCharged(
  amount: number,
  gst: ChargeGst,
  pricesIncludeTax: boolean,
): Omit<Creditable, "kind" | "itemId" | "quantity"> & { outsideGst: number } {
  const tax = gst.cgst + gst.sgst + gst.igst;
  const taxed = gst.taxableValue !== 0 || tax !== 0;
  return {
    taxableValue: gst.taxableValue,
    rate: taxed ? gst.rate : 0,
    cgst: gst.cgst,
    sgst: gst.sgst,
    igst: gst.igst,
    outsideGst: amount + (pricesIncludeTax ? 0 : tax) - gst.taxableValue - tax,
  };
}

/** Why a credit cannot be made: the field of the request and what is wrong there. */
export type CreditRefusal =
  | { field: "lines"; index: number; reason: "unknown" | "tooMany"; left: number }
  | { field: "shipping" | "codFee"; reason: "nothingLeft" }
  | { field: "amount"; reason: "tooMuch"; left: number }
  | { field: "lines"; reason: "empty" };

export type CreditResult =
  | { ok: true; lines: CreditLine[]; total: number }
  | { ok: false; refusal: CreditRefusal };

/** What a line still holds in all (cents): its taxable value, its GST and what it holds outside GST. */
export const totalOf = (line: Pick<Creditable, "taxableValue" | "cgst" | "sgst" | "igst" | "outsideGst">) =>
  line.taxableValue + line.cgst + line.sgst + line.igst + (line.outsideGst ?? 0);

/** round(cents × share / of), half up (cents ≥ 0), in BigInt. */
const scale = (cents: number, share: bigint, of: bigint) =>
  Number((BigInt(cents) * share * 2n + of) / (of * 2n));

/** round(taxable × rate / divisor %), half up: a GST part by the one rule (rate in hundredths of a percent). */
const gstPart = (taxable: number, rate: number, divisor: bigint) =>
  taxable <= 0 ? 0 : scale(taxable, BigInt(Math.round(rate * 100)), 10_000n * divisor);

/**
 * The whole of what a line holds, or `share`/`of` of it: its total and its taxable value that share
 * (half up), its GST by the one rule on that taxable value (within what the line has left), the
 * rest of the total its round off outside GST.
 */
function part(line: Creditable, quantity: number, share: bigint, of: bigint): CreditLine {
  const outsideLeft = line.outsideGst ?? 0;
  if (share >= of)
    return {
      kind: line.kind,
      itemId: line.itemId,
      quantity,
      taxableValue: line.taxableValue,
      rate: line.rate,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
      outsideGst: outsideLeft,
      total: totalOf(line),
    };
  const total = scale(Math.max(totalOf(line), 0), share, of);
  const taxableValue = Math.min(line.taxableValue, scale(Math.max(line.taxableValue, 0), share, of));
  // The split the invoice line took: halves within the state, IGST across (none left: nothing more).
  const within = line.cgst > 0 || line.sgst > 0;
  const half = within ? gstPart(taxableValue, line.rate, 2n) : 0;
  const cgst = Math.min(half, line.cgst);
  const sgst = Math.min(half, line.sgst);
  const igst = within ? 0 : Math.min(gstPart(taxableValue, line.rate, 1n), line.igst);
  return {
    kind: line.kind,
    itemId: line.itemId,
    quantity,
    taxableValue,
    rate: line.rate,
    cgst,
    sgst,
    igst,
    outsideGst: total - taxableValue - cgst - sgst - igst,
    total,
  };
}

const done = (lines: CreditLine[]): CreditResult => ({
  ok: true,
  lines,
  total: lines.reduce((sum, line) => sum + line.total, 0),
});

/** A whole charge (shipping or the COD fee), when the request names it; a refusal when nothing of it is left. */
function wholeCharge(
  creditables: readonly Creditable[],
  kind: "shipping" | "cod_fee",
): CreditLine | CreditRefusal | null {
  const line = creditables.find((candidate) => candidate.kind === kind);
  if (!line || totalOf(line) <= 0)
    return { field: kind === "shipping" ? "shipping" : "codFee", reason: "nothingLeft" };
  return part(line, 0, 1n, 1n);
}

/**
 * A credit note by the goods: `lines` name order lines and units (each at most the units the line
 * has left), `shipping` and `codFee` give those back whole. Units of a line given back with all its
 * units left take all of its value and tax left, so that a line given back in parts gives back
 * exactly what its invoice line charged.
 */
export function creditByLines(
  creditables: readonly Creditable[],
  request: { lines: readonly { itemId: string; quantity: number }[]; shipping: boolean; codFee: boolean },
): CreditResult {
  const goods = new Map(
    creditables.filter((line) => line.kind === "goods").map((line) => [line.itemId ?? "", line]),
  );
  const wanted = new Map<string, { quantity: number; index: number }>();
  for (const [index, asked] of request.lines.entries()) {
    if (!goods.has(asked.itemId))
      return { ok: false, refusal: { field: "lines", index, reason: "unknown", left: 0 } };
    const before = wanted.get(asked.itemId)?.quantity ?? 0;
    wanted.set(asked.itemId, { quantity: before + asked.quantity, index });
  }
  const lines: CreditLine[] = [];
  for (const [itemId, { quantity, index }] of wanted) {
    const line = goods.get(itemId);
    if (!line) continue;
    if (quantity > line.quantity)
      return { ok: false, refusal: { field: "lines", index, reason: "tooMany", left: line.quantity } };
    lines.push(part(line, quantity, BigInt(quantity), BigInt(line.quantity)));
  }
  for (const [named, kind] of [
    [request.shipping, "shipping"],
    [request.codFee, "cod_fee"],
  ] as const) {
    if (!named) continue;
    const charge = wholeCharge(creditables, kind);
    if (charge && "field" in charge) return { ok: false, refusal: charge };
    if (charge) lines.push(charge);
  }
  if (lines.length === 0) return { ok: false, refusal: { field: "lines", reason: "empty" } };
  return done(lines);
}

/**
 * A credit note for an amount without goods (goodwill): spread over the goods lines by the value each
 * still holds, with shipping and the COD fee joining when named; an amount past what the goods hold
 * takes the rest from shipping, then the fee (a refund of the whole payment by its amount). Each part
 * is split into value and GST as its line holds them.
 */
export function creditByAmount(
  creditables: readonly Creditable[],
  amount: number,
  named: { shipping: boolean; codFee: boolean } = { shipping: false, codFee: false },
): CreditResult {
  const held = (line: Creditable) => totalOf(line) > 0;
  const isNamed = (line: Creditable) =>
    line.kind === "goods" ||
    (line.kind === "shipping" && named.shipping) ||
    (line.kind === "cod_fee" && named.codFee);
  const first = creditables.filter((line) => isNamed(line) && held(line));
  const rest = creditables
    .filter((line) => !isNamed(line) && held(line))
    .sort((a, b) => (a.kind === "shipping" ? -1 : b.kind === "shipping" ? 1 : 0));
  const all = [...first, ...rest];
  const left = all.reduce((sum, line) => sum + totalOf(line), 0);
  if (amount > left) return { ok: false, refusal: { field: "amount", reason: "tooMuch", left } };
  const firstHeld = first.reduce((sum, line) => sum + totalOf(line), 0);
  const spread =
    amount <= firstHeld
      ? spreadCents(
          amount,
          first.map((line) => totalOf(line)),
        )
      : first.map((line) => totalOf(line));
  let over = amount - spread.reduce((sum, cents) => sum + cents, 0);
  const parts = [...spread];
  for (const line of rest) {
    const take = Math.min(over, totalOf(line));
    parts.push(take);
    over -= take;
  }
  const lines = all.flatMap((line, i) => {
    const cents = parts[i] ?? 0;
    if (cents <= 0) return [];
    return [part(line, 0, BigInt(cents), BigInt(totalOf(line)))];
  });
  return done(lines);
}
