/**
 * The search language of the catalogue: what a product's search document is, the vocabulary of
 * known words kept beside it, and how a keyword becomes a tsquery. The queries that use them are
 * in repo.ts; the bench's seeder builds its documents with searchDocumentOf and searchWordsOf.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { searchWords } from "#api/db/schema/products";

/** The text search configuration of the search document and of every query against it. */
const TS_CONFIG = sql.raw("'english'::regconfig");
/** A keyword is cut into at most this many words; the rest is ignored. */
const MAX_WORDS = 8;

export interface SearchText {
  name: string;
  categoryName: string;
  description: string;
}

/**
 * The words of a hyphenated compound written as one ("T-Shirt" → "TShirt"), as text: a shopper
 * types "tshirt" as often as "t-shirt", and the default parser keeps only "t-shirt" and "shirt".
 */
function joinedCompounds(text: SQL): SQL {
  return sql`array_to_string(array(select replace(m[1], '-', '') from regexp_matches(${text}, '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') as m), ' ')`;
}

/** A part of the search document: its text, then its compounds joined, at one weight. */
function weighted(text: SQL, weight: "A" | "B" | "C"): SQL {
  return sql`setweight(to_tsvector(${TS_CONFIG}, ${text} || ' ' || ${joinedCompounds(text)}), '${sql.raw(weight)}')`;
}

/**
 * The weighted search document of a product: name A, category name B, description C, each with its
 * hyphenated compounds also written as one word. Each part is an SQL expression: the values being
 * written (`searchDocument`), or columns (the bench's seeder and migration 0013's backfill build it
 * from `p.name`, `c.name`, `p.description`).
 */
export function searchDocumentOf(parts: { name: SQL; categoryName: SQL; description: SQL }): SQL {
  return sql`(${weighted(parts.name, "A")} || ${weighted(parts.categoryName, "B")} || ${weighted(parts.description, "C")})`;
}

/** The search document of a product, computed from the values being written. */
export function searchDocument({ name, categoryName, description }: SearchText): SQL {
  return searchDocumentOf({
    name: sql`${name}::text`,
    categoryName: sql`${categoryName}::text`,
    description: sql`${description}::text`,
  });
}

/**
 * The vocabulary words of a text (an SQL expression): lower-cased runs of letters and digits, 2 to
 * 40 long, and its hyphenated compounds joined ("tshirt").
 */
export function searchWordsOf(text: SQL): SQL {
  return sql`select distinct w from regexp_split_to_table(lower(${text} || ' ' || ${joinedCompounds(text)}), '[^[:alnum:]]+') as w where length(w) between 2 and 40`;
}

/** Adds the words of a product to the search vocabulary (sorted, so concurrent writers lock in one order). */
export async function addSearchWords(db: Database, { name, categoryName, description }: SearchText) {
  const text = `${name} ${categoryName} ${description}`;
  await db.execute(sql`
    insert into ${searchWords} (word)
    ${searchWordsOf(sql`${text}::text`)}
    order by w
    on conflict do nothing`);
}

/** Known words looked at per query word when reading it with typos (the nearest by trigrams). */
const TYPO_CANDIDATES = 40;

/**
 * How many typos a query word may have (Algolia's defaults): none under 4 characters, 1 from 4 to
 * 7, 2 from 8.
 */
export function typosAllowed(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and a swap of two
 * neighbouring letters each count as one ("wacth" is one typo from "watch"; Levenshtein says two).
 */
export function typoDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[s.length] as number[])[t.length] as number;
}

/** The words of a keyword as typed (case kept, for messages): runs of letters and digits, at most 40 long. */
export function keywordWords(keyword: string): string[] {
  return keyword
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 40)
    .slice(0, MAX_WORDS);
}

/** One word of the query and what it may match. */
export interface QueryWord {
  /** As typed. */
  typed: string;
  /** Lower-cased: what is matched. */
  word: string;
  /** A stop word ("t", "the"): the text search configuration drops it, so it matches through a compound only. */
  stop: boolean;
  /** A known word, or the start of one. */
  known: boolean;
  /** Known words one typo away, and two typos away (the word allowing). */
  typo1: string[];
  typo2: string[];
}

/**
 * Reads each word of a keyword against the vocabulary, in one statement: whether it is a stop word,
 * whether it is a known word (or the start of one), and its nearest known words by trigrams (the
 * GiST index, nearest first), of which those within the word's typo allowance are kept here.
 */
export async function readKeyword(db: Database, keyword: string): Promise<QueryWord[]> {
  const typed = keywordWords(keyword);
  if (typed.length === 0) return [];
  const rows = typed.map(
    (word, i) => sql`(${i}::integer, ${word.toLowerCase()}::text, ${typosAllowed(word)}::integer)`,
  );
  const { rows: read } = await db.execute<{
    i: number;
    stop: boolean;
    known: boolean;
    candidates: string[] | null;
  }>(sql`
    select t.i,
      numnode(to_tsquery(${TS_CONFIG}, quote_literal(t.term))) = 0 as stop,
      exists (
        select 1 from ${searchWords} w where w.word ~>=~ t.term and w.word ~<~ (t.term || chr(1114111))
      ) as known,
      case when t.typos > 0 then array(
        select s.word from ${searchWords} s
        where length(s.word) between length(t.term) - t.typos and length(t.term) + t.typos
        order by s.word <-> t.term
        limit ${TYPO_CANDIDATES}
      ) end as candidates
    from (values ${sql.join(rows, sql`, `)}) as t(i, term, typos)`);
  return typed.map((typedWord, i) => {
    const row = read.find((r) => Number(r.i) === i);
    const word = typedWord.toLowerCase();
    const allowed = typosAllowed(word);
    const typo1: string[] = [];
    const typo2: string[] = [];
    for (const candidate of row?.candidates ?? []) {
      if (candidate === word) continue;
      const distance = typoDistance(word, candidate);
      if (distance === 1 && allowed >= 1) typo1.push(candidate);
      else if (distance === 2 && allowed >= 2) typo2.push(candidate);
    }
    return { typed: typedWord, word, stop: row?.stop ?? false, known: row?.known ?? false, typo1, typo2 };
  });
}

/**
 * The query with each mistyped word (no known word nor the start of one, but a known word within
 * its typos) replaced by its closest known word; null when no word was mistyped.
 */
export function correctionOf(words: readonly QueryWord[]): string | null {
  let corrected = false;
  const out = words.map((w) => {
    if (w.known || w.stop) return w.word;
    const best = w.typo1[0] ?? w.typo2[0];
    if (!best) return w.word;
    corrected = true;
    return best;
  });
  return corrected ? out.join(" ") : null;
}

/** One term of a tsquery: a quoted word, as a prefix or not, restricted to a weight or not. */
function term(
  word: string,
  { prefix = false, weight = "" }: { prefix?: boolean; weight?: "" | "A" | "B" } = {},
) {
  const flags = `${prefix ? "*" : ""}${weight}`;
  return `'${word.replaceAll("'", "''")}'${flags ? `:${flags}` : ""}`;
}

function anyOf(terms: string[]): string | null {
  return terms.length === 0 ? null : `(${terms.join(" | ")})`;
}

/** The tsquery of a text (null for none); `to_tsquery` stems each word as the document's were. */
function tsquery(text: string | null): SQL | null {
  return text === null ? null : sql`to_tsquery(${TS_CONFIG}, ${text})`;
}

/**
 * What the first `count` words of a query match, as SQL over a search document `doc`:
 * - `match`: every word that is no stop word, each as itself (the last also as a prefix), as
 *   itself joined with a neighbour ("t shirt" finds "tshirt"), or with the typos it allows;
 * - `rank`: the ranking of the issue, in order: words matched, typos (fewer first), words found in
 *   the name, then in the category name, and whether the words stand together in the name.
 * Null when no word can match anything (only stop words).
 */
export function queryOf(
  words: readonly QueryWord[],
  count: number,
  doc: SQL,
): { match: SQL; rank: SQL[]; relevance: SQL; text: string } | null {
  const used = words.slice(0, count);
  const last = used.length - 1;
  const parts = used.map((w, i) => {
    const joined = [
      i > 0 ? `${used[i - 1]?.word}${w.word}` : null,
      i < last ? `${w.word}${used[i + 1]?.word}` : null,
    ].filter((x): x is string => x !== null && x.length <= 40);
    const exact = (weight: "" | "A" | "B") => [
      term(w.word, { prefix: i === last, weight }),
      ...joined.map((j) => term(j, { weight })),
    ];
    const typos = (list: string[], weight: "" | "A" | "B") => list.map((x) => term(x, { weight }));
    const all = (weight: "" | "A" | "B") =>
      anyOf([...exact(weight), ...typos(w.typo1, weight), ...typos(w.typo2, weight)]) as string;
    return {
      stop: w.stop,
      exact: anyOf(exact("")) as string,
      typo1: anyOf(typos(w.typo1, "")),
      all: all(""),
      name: all("A"),
      category: all("B"),
    };
  });
  const required = parts.filter((p) => !p.stop);
  if (required.length === 0) return null;
  const text = required.map((p) => p.all).join(" & ");
  const matches = (q: string) => sql`(${doc} @@ ${tsquery(q)})::integer`;
  const sum = (terms: SQL[]) => sql`(${sql.join(terms, sql` + `)})`;
  const typos = sum(
    required.map((p) =>
      p.typo1 === null
        ? sql`case when ${doc} @@ ${tsquery(p.exact)} then 0 else 2 end`
        : sql`case when ${doc} @@ ${tsquery(p.exact)} then 0 when ${doc} @@ ${tsquery(p.typo1)} then 1 else 2 end`,
    ),
  );
  // NOTE: only for two words or more: a constant (`0`) in ORDER BY would name a column by position.
  const together =
    required.length > 1
      ? [sql`case when ${doc} @@ ${tsquery(required.map((p) => p.name).join(" <-> "))} then 0 else 1 end asc`]
      : [];
  return {
    text,
    match: sql`${doc} @@ ${tsquery(text)}`,
    rank: [
      sql`${sum(parts.map((p) => matches(p.all)))} desc`,
      sql`${typos} asc`,
      sql`${sum(parts.map((p) => matches(p.name)))} desc`,
      sql`${sum(parts.map((p) => matches(p.category)))} desc`,
      ...together,
    ],
    relevance: sql`ts_rank(${doc}, ${tsquery(text)}) desc`,
  };
}

/** The ILIKE pattern of names containing the keyword as typed (a part of a word, "graph" in "Chronograph"). */
export function nameContainsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
