import type { Queryable } from '../db/index.ts';
import type { SqlParams } from './sql-params.ts';

/**
 * Spec 000 §9 "Fuzziness 2": the edit distance a word may be from a catalogue word. Short words get less, as a
 * search engine's AUTO fuzziness does: two edits turn most four-letter words into another word ("rood" → "goud").
 */
export function maxEdits(word: string): number {
  if (word.length <= 2) return 0;
  return word.length <= 4 ? 1 : 2;
}

/** Spec 000 §9 "minimum_should_match 75%": of n words, 75 % rounded down must match, and at least one. */
export function minimumShouldMatch(words: number): number {
  return Math.max(1, Math.floor(words * 0.75));
}

/** Spec 000 §9 "Search min_score 0.02", on the score of textConditionSql (0 … 1). */
export const MIN_SCORE = 0.02;

/** At most this many words of a query count; a longer query is a sentence, not a search. */
const MAX_WORDS = 8;

/** The shopper's words: lower case, split on spaces and punctuation, each once. */
export function queryWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[\s&,/()+"!?:;*|<>\\]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** One word of the query and the catalogue words it stands for. */
export interface ResolvedWord {
  word: string;
  /** The tsquery (text form) of the catalogue words it matches, or of the word itself when none is close. */
  tsquery: string;
  /** Edit distance of the nearest catalogue word (0 when exact or unknown). */
  edits: number;
  /** The most common catalogue word at that distance: the spelling did-you-mean suggests. */
  best: string;
  /** The catalogue words at that distance, most common first (autocomplete's phrase completions). */
  alternatives: string[];
}

export interface TextQuery {
  words: ResolvedWord[];
  /** The query with each misspelt word corrected, or null when nothing was corrected. */
  didYouMean: string | null;
}

interface TermRow {
  i: number;
  term: string | null;
  edits: number | null;
  doc_count: number | null;
  term_query: string | null;
  word_query: string;
}

/**
 * Resolves the shopper's words against the catalogue's vocabulary (`search_terms`, migration 060) in one query: per
 * word the catalogue words within its edit distance, nearest first. With `prefixLast` the last word also matches the
 * words it begins (autocomplete: "overh" → "overhemd"). Words that are Dutch stop words ("met") drop out.
 */
export async function resolveText(db: Queryable, text: string, prefixLast = false): Promise<TextQuery> {
  const words = queryWords(text);
  if (words.length === 0) return { words: [], didYouMean: null };
  const { rows } = await db.query<TermRow>(
    `select w.i::int as i, t.term, t.edits, t.doc_count,
            plainto_tsquery('dutch', t.term)::text as term_query,
            plainto_tsquery('simple', w.word)::text as word_query
       from unnest($1::text[], $2::int[]) with ordinality as w(word, max_edits, i)
       left join lateral (
         select s.term, s.doc_count,
                case when $3 and w.i = $4 and s.term like replace(replace(replace(w.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
                     then 0 else levenshtein_less_equal(s.term, w.word, w.max_edits) end as edits
           from search_terms s
          where abs(length(s.term) - length(w.word)) <= w.max_edits
             or ($3 and w.i = $4 and length(s.term) > length(w.word))
       ) t on t.edits <= w.max_edits
      order by w.i, t.edits, t.doc_count desc, t.term`,
    [words, words.map(maxEdits), prefixLast, words.length],
  );
  const resolved: ResolvedWord[] = [];
  words.forEach((word, index) => {
    const own = rows.filter((r) => r.i === index + 1);
    // A Dutch stop word ("met") is no search word: it neither matches nor counts towards the 75 %.
    if (own.some((r) => r.term === word && r.term_query === '')) return;
    const found = own.filter((r) => r.term !== null && r.term_query);
    if (found.length === 0) {
      // Not a catalogue word: a sku ("ofm-10001") or a stop word; the word itself is looked up.
      const tsquery = own[0]?.word_query ?? '';
      if (tsquery !== '') resolved.push({ word, tsquery, edits: 0, best: word, alternatives: [] });
      return;
    }
    // Only the nearest distance counts: an exact word is never widened by its two-edit neighbours.
    const nearest = found.filter((r) => r.edits === found[0].edits);
    resolved.push({
      word,
      tsquery: [...new Set(nearest.map((r) => `(${r.term_query})`))].join(' | '),
      edits: found[0].edits ?? 0,
      best: found[0].term!,
      alternatives: nearest.map((r) => r.term!),
    });
  });
  const corrected = resolved.some((w) => w.best !== w.word && w.edits > 0);
  return {
    words: resolved,
    didYouMean: corrected ? words.map((w) => resolved.find((r) => r.word === w)?.best ?? w).join(' ') : null,
  };
}

/** The tsquery text with every lexeme limited to one weight: `'overhemd'` → `'overhemd':A`. */
function weighted(tsquery: string, weight: 'A' | 'B' | 'C'): string {
  return tsquery.replace(/'((?:[^']|'')*)'(:\*)?/g, (_m, lexeme: string) => `'${lexeme}':${weight}`);
}

/** Spec 000 §9 boosts: name 4, sku 2, category name 1 (colour labels share the category weight, C). */
const BOOSTS = [
  ['A', 4],
  ['B', 2],
  ['C', 1],
] as const;
const TOP_BOOST = 4;

/** What textConditionSql gives a search: the match condition, the score and the ranking's first pass. */
export interface TextSql {
  /** The spec's 75 % of the words (the set `total` counts). */
  condition: string;
  /** The score as SQL; its parameters are added on the first call. */
  score: () => string;
  /** The condition that every word is found: the few hundred products the ranking scores first. */
  everyWord: () => string;
  /**
   * The most a product missing a word can score. When the page's last product of the every-word pass scores more,
   * no partial match can reach the page, and the partial matches are counted but never scored.
   */
  partialCeiling: number;
}

/**
 * The condition and score of a resolved text query over `product_search s` (the weighted tsvector `s.search`,
 * migration 070). Each word scores the boost of the best field it is found in, less a fifth per edit; the score is
 * the sum over the words divided by the most a query of that length could score, so 1 is every word exact in the
 * name. A product matches when the spec's 75 % of the words are found; the GIN index answers the `@@` of any word
 * first.
 */
export function textConditionSql(query: TextQuery, params: SqlParams): TextSql {
  const closeness = query.words.map((w) => 1 - 0.2 * w.edits);
  // A query of punctuation or stop words only finds nothing. (A bare 0 would sort by the first column.)
  if (query.words.length === 0)
    return { condition: 'false', score: () => '(0::float8)', everyWord: () => 'false', partialCeiling: 0 };
  const any = params.add(query.words.map((w) => `(${w.tsquery})`).join(' | '));
  const required = minimumShouldMatch(query.words.length);
  // The score's parameters are added when a query first uses it (the facet counts never do; a parameter no
  // expression uses has no type).
  let scoreSql: string | undefined;
  const score = () =>
    (scoreSql ??= `((${query.words
      .map((w, i) => {
        const cases = BOOSTS.map(
          ([weight, boost]) => `when s.search @@ ${params.add(weighted(w.tsquery, weight))}::tsquery then ${boost}`,
        ).join(' ');
        return `(case ${cases} else 0 end) * ${closeness[i]}`;
      })
      .join(' + ')}) / ${TOP_BOOST * query.words.length}.0)`);
  let everySql: string | undefined;
  const everyWord = () =>
    (everySql ??= `s.search @@ ${params.add(query.words.map((w) => `(${w.tsquery})`).join(' & '))}::tsquery`);
  // Only a query of 3 or more words needs more than one of them.
  const hits = required > 1 ? query.words.map((w) => `(s.search @@ ${params.add(w.tsquery)}::tsquery)::int`) : [];
  const conditions = [`s.search @@ ${any}::tsquery`];
  if (required > 1) conditions.push(`(${hits.join(' + ')}) >= ${required}`);
  // A found word scores at least its closeness (boost 1), so a match scores at least the `required` lowest
  // closenesses over 4n: min_score only needs checking when that can be below it (never with the limits above,
  // and the check costs scoring every match a second time).
  const sorted = [...closeness].sort((a, b) => a - b);
  const lowest = sorted.slice(0, required).reduce((sum, c) => sum + c, 0);
  if (lowest / (TOP_BOOST * query.words.length) < MIN_SCORE) conditions.push(`${score()} >= ${MIN_SCORE}`);
  // A product missing a word scores at most every other word at the top boost: the most when the missing word is
  // the least close one.
  const partialCeiling = (closeness.reduce((sum, c) => sum + c, 0) - sorted[0]) / query.words.length;
  return { condition: conditions.join(' and '), score, everyWord, partialCeiling };
}
