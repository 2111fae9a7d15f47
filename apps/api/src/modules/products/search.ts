/**
 * The search language of the catalogue: what a product's search document is, the vocabulary of
 * known words kept beside it, and how a keyword becomes a tsquery. The queries that use them are
 * in repo-list.ts and repo-window.ts (repo-writes.ts and repo-csv.ts write the documents); the
 * bench's seeder builds its documents with searchDocumentOf and searchWordsOf.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { productWords, searchWords } from "#api/db/schema/products";

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
  // NOTE: the hyphen test first: most texts have none, and the regular expression is the cost of a bulk load.
  return sql`(case when strpos(${text}, '-') > 0 then array_to_string(array(select replace(m[1], '-', '') from regexp_matches(${text}, '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') as m), ' ') else '' end)`;
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

/** Letters an edit may bring in: those of the catalogue's usual words, and the word's own. */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Every string one typo away from a word: a letter left out, two neighbours swapped, a letter
 * changed or one added. Looked up as they are in the vocabulary (its primary key), this finds every
 * known word one typo away, whatever the vocabulary's size.
 */
export function oneTypoAway(word: string): string[] {
  const letters = [...word];
  const alphabet = [...new Set([...ALPHABET, ...letters])];
  const out = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const before = letters.slice(0, i).join("");
    const after = letters.slice(i).join("");
    for (const c of alphabet) out.add(before + c + after);
    if (i < letters.length) {
      const rest = letters.slice(i + 1).join("");
      out.add(before + rest);
      for (const c of alphabet) out.add(before + c + rest);
      if (i + 1 < letters.length)
        out.add(before + letters[i + 1] + letters[i] + letters.slice(i + 2).join(""));
    }
  }
  out.delete(word);
  return [...out].filter((w) => w.length >= 2 && w.length <= 40);
}

/** Candidates looked at per word when reading two typos by trigrams. */
const TWO_TYPO_CANDIDATES = 50;
/**
 * The trigram similarity under which a word is not looked at for two typos. NOTE: two typos in an
 * 8-letter word leave about a fifth of its trigrams in common; the default 0.3 misses most.
 */
const TWO_TYPO_SIMILARITY = 0.2;

/**
 * Reads each word of a keyword against the vocabulary, in one statement: whether it is a stop word,
 * whether it is a known word (or the start of one), and the known words one typo away (every string
 * one typo away, looked up by the primary key). A word that allows two typos and is neither known
 * nor one typo from a known word is then read for two typos: its nearest known words by trigrams
 * (the GIN index, in a transaction that lowers the similarity threshold), kept when two typos away.
 * NOTE: a known word is not read for two typos: that lookup is the costly one, and an exact match
 * ranks above typos anyway.
 */
export async function readKeyword(db: Database, keyword: string): Promise<QueryWord[]> {
  const typed = keywordWords(keyword);
  if (typed.length === 0) return [];
  const rows = typed.map((word, i) => {
    const term = word.toLowerCase();
    const edits = typosAllowed(term) > 0 ? oneTypoAway(term).join(" ") : "";
    return sql`(${i}::integer, ${term}::text, ${edits}::text)`;
  });
  const { rows: read } = await db.execute<{ i: number; stop: boolean; known: boolean; typo1: string[] }>(sql`
    select t.i,
      numnode(to_tsquery(${TS_CONFIG}, quote_literal(t.term))) = 0 as stop,
      exists (
        select 1 from ${searchWords} w where w.word ~>=~ t.term and w.word ~<~ (t.term || chr(1114111))
      ) as known,
      array(select s.word from ${searchWords} s where s.word = any(string_to_array(t.edits, ' ')) order by s.word) as typo1
    from (values ${sql.join(rows, sql`, `)}) as t(i, term, edits)`);
  const words: QueryWord[] = typed.map((typedWord, i) => {
    const row = read.find((r) => Number(r.i) === i);
    return {
      typed: typedWord,
      word: typedWord.toLowerCase(),
      stop: row?.stop ?? false,
      known: row?.known ?? false,
      typo1: row?.typo1 ?? [],
      typo2: [],
    };
  });
  const unknown = words.filter((w) => typosAllowed(w.word) >= 2 && !w.known && w.typo1.length === 0);
  if (unknown.length > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.similarity_threshold', ${String(TWO_TYPO_SIMILARITY)}, true)`,
      );
      for (const w of unknown) {
        const { rows: near } = await tx.execute<{ word: string }>(sql`
          select s.word from ${searchWords} s
          where s.word % ${w.word} and length(s.word) between ${w.word.length - 2} and ${w.word.length + 2}
          order by similarity(s.word, ${w.word}) desc, s.word
          limit ${TWO_TYPO_CANDIDATES}`);
        w.typo2 = near.map((r) => r.word).filter((word) => typoDistance(w.word, word) === 2);
      }
    });
  }
  return words;
}

/** A prefix that starts more indexed words than this is read by walking the list instead. */
export const MAX_PREFIX_WORDS = 16;

/**
 * The keys of `product_words` that a one-word query reads: the word of each of its typos, and the
 * words its own spelling starts (the last word of a query is also a prefix), as its search document
 * holds them (stemmed: "sneakers" → sneaker, starting sneaker and sneakers): a product holding one
 * of them matches the query. Null when the word as a prefix starts more than MAX_PREFIX_WORDS words
 * (so short a prefix matches enough products that the newest of the list hold its matches soon), or
 * when a word is read as several by the configuration (its query would require all of them).
 * NOTE: the words a prefix starts are found by a loose index scan (one key, then the next key past
 * it), each step one probe, not a read of every entry of the range.
 */
export async function wordKeys(db: Database, w: QueryWord): Promise<string[] | null> {
  const exact = [...w.typo1, ...w.typo2];
  const own = isMistyped(w) ? null : w.word;
  // NOTE: the stem is a scalar subquery (computed once, then a key for the index), not a joined CTE.
  const stem = sql`(select l.s from unnest(tsvector_to_array(to_tsvector(${TS_CONFIG}, ${own}::text))) as l(s) limit 1)`;
  const words = exact.join(" ");
  const { rows } = await db.execute<{ exact: string[]; prefixed: string[]; single: boolean }>(sql`
    with recursive k(word, n) as (
      (select pw.word, 1 from ${productWords} pw where pw.word >= ${stem} order by pw.word limit 1)
      union all
      select (select pw.word from ${productWords} pw where pw.word > k.word order by pw.word limit 1), k.n + 1
      from k where starts_with(k.word, ${stem}) and k.n <= ${MAX_PREFIX_WORDS}
    )
    select
      array(select distinct l.s from unnest(string_to_array(${words}::text, ' ')) as x(word),
        unnest(tsvector_to_array(to_tsvector(${TS_CONFIG}, x.word))) as l(s)) as exact,
      array(select k.word from k where starts_with(k.word, ${stem})) as prefixed,
      (select coalesce(bool_and(length(to_tsvector(${TS_CONFIG}, x.word)) <= 1), true)
        from unnest(string_to_array(${[...exact, ...(own ? [own] : [])].join(" ")}::text, ' ')) as x(word)) as single`);
  const row = rows[0];
  // A word the configuration reads as several (each of which its tsquery requires) is matched by the index.
  if (!row?.single || row.prefixed.length > MAX_PREFIX_WORDS) return null;
  return [...new Set([...row.exact, ...row.prefixed])].sort();
}

/**
 * A tsquery that a document holding any of `keys` matches, keys as `wordKeys` gives them (as the
 * documents hold them: the tsquery's input form, not stemmed again). NOTE: the GIN index finds one
 * word's entries by key; a prefix ("denim:*") is a range of entries gathered into a bitmap first,
 * three times slower for a common word (16 900 products: 7.2 ms, by its keys 2.3 ms).
 */
export function anyKeyQuery(keys: readonly string[]): SQL {
  if (keys.length === 0) return sql`null::tsquery`;
  const text = keys.map((key) => `'${key.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`).join(" | ");
  return sql`${text}::tsquery`;
}

/** A mistyped word: no known word nor the start of one, but a known word within its typos. */
export function isMistyped(w: QueryWord): boolean {
  return !w.known && !w.stop && (w.typo1.length > 0 || w.typo2.length > 0);
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
    // A mistyped word (no known word is it or starts with it) stands for the words within its
    // typos: its own spelling matches no document, and as a prefix it would double the cost of
    // testing each one.
    const own = !isMistyped(w);
    const exact = (weight: "" | "A" | "B") => [
      ...(own ? [term(w.word, { prefix: i === last, weight })] : []),
      ...joined.map((j) => term(j, { weight })),
    ];
    const typos = (list: string[], weight: "" | "A" | "B") => list.map((x) => term(x, { weight }));
    const all = (weight: "" | "A" | "B") =>
      anyOf([...exact(weight), ...typos(w.typo1, weight), ...typos(w.typo2, weight)]) as string;
    return {
      stop: w.stop,
      exact: anyOf(exact("")),
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
  // Per word: 0 as typed, 1 within one typo, 2 within two. NOTE: a word matching only within two
  // typos is 2 for every document, a constant left out (a constant in ORDER BY names a column).
  const typoCounts = required.flatMap((p) => {
    const cases = [
      ...(p.exact === null ? [] : [sql`when ${doc} @@ ${tsquery(p.exact)} then 0`]),
      ...(p.typo1 === null ? [] : [sql`when ${doc} @@ ${tsquery(p.typo1)} then 1`]),
    ];
    return cases.length === 0 ? [] : [sql`case ${sql.join(cases, sql` `)} else 2 end`];
  });
  const typos = typoCounts.length > 0 ? [sql`${sum(typoCounts)} asc`] : [];
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
      ...typos,
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
