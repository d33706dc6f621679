import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * A Kysely plugin that calls `onWrite` whenever a query may change one of `tables`: inserts,
 * updates, deletes and merges into them, and every raw SQL query (whose tables it cannot see).
 * It runs before the query and again once it has run, so a cache that listens stays off across
 * the whole write. Being a plugin, no repo function can write those tables without it noticing.
 */
export function watchWrites(tables: readonly string[], onWrite: () => void): KyselyPlugin {
  const watched = new Set(tables);
  const pending = new WeakSet<object>();
  const touches = (node: RootOperationNode): boolean => {
    const written = writtenTables(node);
    return written === 'unknown' || written.some((table) => watched.has(table));
  };
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (touches(node)) {
        pending.add(queryId);
        onWrite();
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(queryId)) {
        pending.delete(queryId);
        onWrite();
      }
      return result;
    },
  };
}

type Written = string[] | 'unknown';

/** The tables a query writes; reads write none. */
function writtenTables(node: RootOperationNode): Written {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return tableOf(node.into);
    case 'UpdateQueryNode':
      return tableOf(node.table);
    case 'DeleteQueryNode': {
      const tables = node.from.froms.map(tableOf);
      return tables.includes('unknown') ? 'unknown' : (tables as string[][]).flat();
    }
    case 'RawNode':
      return 'unknown';
    default:
      return [];
  }
}

function tableOf(node: OperationNode | undefined): Written {
  if (!node) return 'unknown';
  if (node.kind === 'TableNode') return [(node as unknown as { table: { identifier: { name: string } } }).table.identifier.name];
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  return 'unknown';
}
