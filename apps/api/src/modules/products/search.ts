/**
 * The search language of the catalogue: what a product's search document is, the vocabulary of
 * known words kept beside it, and how a keyword becomes a tsquery. The queries that use them are
 * in repo.ts; the bench's seeder builds its documents with searchDocumentOf and searchWordsOf.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { products, searchWords } from "#api/db/schema/products";

/** The text search configuration of the search document and of every query against it. */
const TS_CONFIG = sql.raw("'english'::regconfig");
/** A keyword is cut into at most this many words; the rest is ignored. */
const MAX_KEYWORD_WORDS = 8;
/** Known words offered for one unknown keyword word. */
const CORRECTIONS_PER_WORD = 3;

export interface SearchText {
  name: string;
  categoryName: string;
  description: string;
}

/**
 * The weighted search document of a product: name A, category name B, description C. Each part is
 * an SQL expression: the values being written (`searchDocument`), or columns (the bench's seeder and
 * migration 0002's backfill build it from `p.name`, `c.name`, `p.description`).
 */
export function searchDocumentOf(parts: { name: SQL; categoryName: SQL; description: SQL }): SQL {
  return sql`(setweight(to_tsvector(${TS_CONFIG}, ${parts.name}), 'A') || setweight(to_tsvector(${TS_CONFIG}, ${parts.categoryName}), 'B') || setweight(to_tsvector(${TS_CONFIG}, ${parts.description}), 'C'))`;
}

/** The search document of a product, computed from the values being written. */
export function searchDocument({ name, categoryName, description }: SearchText): SQL {
  return searchDocumentOf({
    name: sql`${name}::text`,
    categoryName: sql`${categoryName}::text`,
    description: sql`${description}::text`,
  });
}

/** The vocabulary words of a text (an SQL expression): lower-cased runs of letters and digits, 2 to 40 long. */
export function searchWordsOf(text: SQL): SQL {
  return sql`select distinct w from regexp_split_to_table(lower(${text}), '[^[:alnum:]]+') as w where length(w) between 2 and 40`;
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
 * The tsquery for a keyword, as text: its words ANDed, each as a prefix (`sneak:*`), and each word
 * that is no known word nor the start of one ORed with its closest known words by trigram
 * similarity; and whether every word is a known word or the start of one (then the name needs no
 * substring match: the prefixes find all there is). Words are split on anything but letters and
 * digits, so nothing the user typed reaches the tsquery syntax as an operator; the keyword itself
 * is a bound parameter. "Start of a known word" is a byte-wise range on the text_pattern_ops
 * index, the same whatever the database collation.
 */
export async function keywordTsquery(
  db: Database,
  keyword: string,
): Promise<{ query: string; known: boolean }> {
  const { rows } = await db.execute<{ query: string | null; known: boolean }>(sql`
    select
      cast(to_tsquery(${TS_CONFIG}, coalesce(string_agg(alternatives, ' & '), '')) as text) as query,
      coalesce(bool_and(known), false) as known
    from (
      select k.known, '(' || terms.term || ':*' || case when k.known then '' else coalesce((
        select string_agg(' | ' || near.word, '')
        from (
          select s.word from ${searchWords} s
          where s.word % terms.term
          order by similarity(s.word, terms.term) desc, s.word
          limit ${CORRECTIONS_PER_WORD}
        ) near
      ), '') end || ')' as alternatives
      from (
        select distinct term
        from regexp_split_to_table(lower(${keyword}::text), '[^[:alnum:]]+') as term
        where length(term) between 2 and 40
        limit ${MAX_KEYWORD_WORDS}
      ) terms
      cross join lateral (
        select exists (
          select 1 from ${searchWords} w where w.word ~>=~ terms.term and w.word ~<~ (terms.term || chr(1114111))
        ) as known
      ) k
    ) parts`);
  return { query: rows[0]?.query ?? "", known: rows[0]?.known ?? false };
}

/** Names containing the keyword as typed (a part of a word, "graph" in "Chronograph"), on the trigram index. */
export function nameContains(keyword: string): SQL {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${products.name} ilike ${`%${escaped}%`}`;
}
