import { PostgresQueryCompiler, type KyselyPlugin } from 'kysely';

/**
 * Convention 3 and 5, read from the SQL the repos really run: every statement that reads, changes
 * or deletes rows of a store table (shard-rules.ts) names their store, so Citus can route it to
 * one store's shard. A plugin records each statement as compiled SQL (PostgreSQL's compiler: the
 * same text on both engines but for placeholders); `storeFilterProblems` reads it.
 */
export function recordStatements(into: string[]): KyselyPlugin {
  const compiler = new PostgresQueryCompiler();
  return {
    transformQuery({ node, queryId }) {
      into.push(compiler.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

const KEYWORDS = new Set([
  'where',
  'set',
  'on',
  'inner',
  'left',
  'right',
  'cross',
  'join',
  'order',
  'group',
  'limit',
  'offset',
  'returning',
  'union',
  'values',
  'using',
  'for',
  'select',
  'as',
  'having',
  'window',
  'natural',
  'full',
]);

/** `name` quoted or not, as a pattern. */
const id = (name: string) => `"?${name}"?`;

/** `alias.store_id`, quoted or not, as a pattern. */
const storeIdOf = (alias: string) => `(?<![\\w"])${id(alias)}\\.${id('store_id')}(?![\\w"])`;
/** Compared with a value: a parameter, a literal or a list (`in (...)`, a subquery too). */
const VALUE = `\\s*(?:=\\s*(?:\\$\\d+|'[^']*')|in\\s*\\()`;

/**
 * The store tables (`storeTables`) a statement reads, changes or deletes without naming their
 * store, one line each. A table passes when its store_id is compared with a value
 * (`"t"."store_id" = $1`, `store_id in (...)`), or equated with the store_id of a table that
 * passes (a join on store_id). An unqualified `store_id = ...` belongs to the nearest table named
 * before it (its own scope's: a column of a join would be ambiguous). An INSERT's target only
 * adds rows (its store_id is among the values); the reads of an INSERT ... SELECT are checked.
 */
export function storeFilterProblems(text: string, storeTables: ReadonlySet<string>): string[] {
  const sqlText = text.replace(/\s+/g, ' ');
  const occurrences: { table: string; alias: string; at: number; filtered: boolean }[] = [];
  const pattern = /\b(from|join|update)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi;
  for (const match of sqlText.matchAll(pattern)) {
    const table = match[2] as string;
    if (!storeTables.has(table)) continue;
    const alias = match[3] && !KEYWORDS.has(match[3].toLowerCase()) ? match[3] : table;
    const direct = new RegExp(`${storeIdOf(alias)}${VALUE}|\\$\\d+\\s*=\\s*${storeIdOf(alias)}`, 'i');
    occurrences.push({ table, alias, at: match.index, filtered: direct.test(sqlText) });
  }
  const unqualified = new RegExp(`(?<![.\\w"])${id('store_id')}${VALUE}`, 'gi');
  for (const match of sqlText.matchAll(unqualified)) {
    const owner = occurrences.filter((o) => !o.filtered && o.at < match.index).at(-1);
    if (owner) owner.filtered = true;
  }
  // A join on store_id carries the store from a table that has it to one that does not.
  for (let changed = true; changed;) {
    changed = false;
    for (const o of occurrences.filter((x) => !x.filtered)) {
      const linked = occurrences.some(
        (other) =>
          other.filtered &&
          new RegExp(
            `${storeIdOf(o.alias)}\\s*=\\s*${storeIdOf(other.alias)}|${storeIdOf(other.alias)}\\s*=\\s*${storeIdOf(o.alias)}`,
            'i',
          ).test(sqlText),
      );
      if (linked) o.filtered = changed = true;
    }
  }
  return occurrences.filter((o) => !o.filtered).map(({ table }) => `${table}: no store_id predicate in ${sqlText}`);
}
