import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin that calls `onChange` whenever a query may change or remove existing rows of
 * `tables`: updates, deletes, merges and upserts, and raw SQL other than a plain SELECT (whose
 * tables it cannot see). A plain insert only adds rows, so it cannot make what a reader learnt
 * about existing ones stale, and stays quiet: a login must not clear every session cache.
 * It fires before the query and again once it has run, so a cache that listens stays off across
 * the whole write. Being a plugin, no repo function can change those tables without it noticing.
 */
export function watchChanges(tables: readonly string[], onChange: () => void): KyselyPlugin {
  const watched = new Set(tables);
  const pending = new WeakSet<object>();
  const touches = (node: RootOperationNode): boolean => {
    const changed = changedTables(node);
    return changed === 'unknown' || changed.some((table) => watched.has(table));
  };
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (touches(node)) {
        pending.add(queryId);
        onChange();
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(queryId)) {
        pending.delete(queryId);
        onChange();
      }
      return result;
    },
  };
}

type Changed = string[] | 'unknown';

/** The tables whose existing rows a query may change; reads and plain inserts change none. */
function changedTables(node: RootOperationNode): Changed {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.onConflict || node.onDuplicateKey || node.replace ? tableOf(node.into) : [];
    case 'MergeQueryNode':
      return tableOf(node.into);
    case 'UpdateQueryNode':
      return tableOf(node.table);
    case 'DeleteQueryNode': {
      const tables = node.from.froms.map(tableOf);
      return tables.includes('unknown') ? 'unknown' : (tables as string[][]).flat();
    }
    case 'RawNode':
      return /^\s*select\b/i.test(node.sqlFragments[0] ?? '') ? [] : 'unknown';
    default:
      return [];
  }
}

function tableOf(node: OperationNode | undefined): Changed {
  if (!node) return 'unknown';
  if (node.kind === 'TableNode')
    return [(node as unknown as { table: { identifier: { name: string } } }).table.identifier.name];
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  return 'unknown';
}
