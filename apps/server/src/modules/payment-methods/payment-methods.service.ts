import {
  defaultPaymentMethodList,
  DEFAULT_PAYMENT_METHODS,
  ErrorCode,
  PAYMENT_METHOD_KINDS,
  type CurrencyCode,
  type DefaultPaymentMethod,
  type PaymentMethod,
  type PaymentMethodKind,
  type PaymentMethodsBody,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { PaymentMethodsTable, StoreRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './payment-methods.repo.ts';

/**
 * A store's payment methods (product.md §4-5): its saved list, or its currency's defaults until the
 * owner saves one. A method taken off the list stays stored, so a report of its past tenders still
 * names it.
 */

/** A store's methods: `list` what the payment dialog and the editor show, `all` with those taken off it. */
export interface StoreMethods {
  list: PaymentMethod[];
  all: PaymentMethod[];
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

function toMethod(row: PaymentMethodsTable): PaymentMethod {
  return {
    id: row.id,
    name: row.name,
    defaultName: oneOf<DefaultPaymentMethod>(DEFAULT_PAYMENT_METHODS, row.default_name),
    kind: oneOf<PaymentMethodKind>(PAYMENT_METHOD_KINDS, row.kind) ?? 'OTHER',
    needsReference: Number(row.needs_reference) === 1,
    opensDrawer: Number(row.opens_drawer) === 1,
    enabled: Number(row.enabled) === 1,
    position: Number(row.position),
  };
}

/** The store's methods (one query); its currency's defaults when it has saved none. */
export async function storeMethods(db: DbOrTx, store: StoreRow): Promise<StoreMethods> {
  const rows = await repo.findAll(db, store.id);
  if (rows.length === 0) {
    const defaults = defaultPaymentMethodList(store.main_currency as CurrencyCode);
    return { list: defaults, all: defaults };
  }
  return { list: rows.filter((r) => r.deleted_at === null).map(toMethod), all: rows.map(toMethod) };
}

/**
 * The store's methods as a sale or refund names its tenders with them (a checkout reads no more
 * than its products before its write): this process's copy, kept for `SESSION_CACHE_MS` and cleared
 * by any change to methods or stores made here (app.ts), so a rename made through another process
 * names its tenders within that time, as the store's other settings do. A tender naming a method
 * this copy lacks (added through another process since) reads the store again before it is refused.
 */
export async function methodsForTenders(
  ctx: AppContext,
  store: StoreRow,
  tenders: ReadonlyArray<{ methodId?: string | undefined }>,
): Promise<StoreMethods> {
  const kept = ctx.methodsCache.get(store.id, undefined)?.value;
  if (kept && tenders.every((t) => t.methodId === undefined || kept.all.some((m) => m.id === t.methodId))) return kept;
  const methods = await storeMethods(ctx.db, store);
  ctx.methodsCache.set(store.id, undefined, { value: methods, expiresAtMs: Infinity });
  return methods;
}

/** `GET /virtual-store/{urlName}/payment-methods`. */
export async function getMethods(ctx: AppContext, scope: Scope): Promise<PaymentMethod[]> {
  return (await storeMethods(ctx.db, scope.store)).list;
}

function row(storeId: string, m: PaymentMethod, position: number, deletedAt: string | null): PaymentMethodsTable {
  return {
    store_id: storeId,
    id: m.id,
    name: m.name,
    default_name: m.defaultName,
    kind: m.kind,
    needs_reference: m.needsReference ? 1 : 0,
    opens_drawer: m.opensDrawer ? 1 : 0,
    enabled: m.enabled ? 1 : 0,
    position,
    deleted_at: deletedAt,
  };
}

/**
 * `PUT /virtual-store/{urlName}/payment-methods`: the list replaced whole, in the order given (the
 * body's rules: one enabled cash method, no two of one name, at most MAX_PAYMENT_METHODS). A method
 * with an `id` is that stored method edited (an unknown id is refused); one without is new. A
 * method left out is taken off the list and kept for the reports. Each method added, edited or
 * taken off is an audit event of the same transaction.
 */
export async function putMethods(ctx: AppContext, scope: Scope, body: PaymentMethodsBody): Promise<PaymentMethod[]> {
  const storeId = scope.store.id;
  return ctx.db.transaction().execute(async (trx) => {
    const current = await storeMethods(trx, scope.store);
    const known = new Set(current.all.map((m) => m.id));
    body.methods.forEach((m, i) => {
      if (m.id !== undefined && !known.has(m.id)) {
        const message = 'This store has no payment method with this id: leave the id out to add a new method.';
        throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: `methods.${i}.id`, message }]);
      }
    });
    const ordered = body.methods
      .map((m, i) => ({ m, i }))
      .sort((a, b) => a.m.position - b.m.position || a.i - b.i)
      .map(({ m }, position) => ({ ...m, id: m.id ?? newId(), position }));
    const kept = new Set(ordered.map((m) => m.id));
    const now = iso(ctx.clock.now());
    const taken = current.all.filter((m) => !kept.has(m.id));
    await repo.upsertAll(trx, [
      ...ordered.map((m) => row(storeId, m, m.position, null)),
      ...taken.map((m, i) => row(storeId, m, ordered.length + i, now)),
    ]);
    for (const change of methodChanges(current.list, ordered)) {
      await recordAudit(trx, scope, {
        action: change.action,
        entity: 'PAYMENT_METHOD',
        entityCode: change.method.id,
        // The owner's name, or the default one's code (CARD) that each reader sees in their language.
        summary: change.method.name ?? change.method.defaultName ?? '',
        at: ctx.clock.now(),
      });
    }
    return ordered;
  });
}

const SAME_FIELDS = ['name', 'defaultName', 'kind', 'needsReference', 'opensDrawer', 'enabled'] as const;

/**
 * What a save changed, one entry per method: added (or put back on the list), edited, taken off.
 * A new order alone changes no method.
 */
function methodChanges(before: PaymentMethod[], after: PaymentMethod[]) {
  const was = new Map(before.map((m) => [m.id, m]));
  const changes: {
    action: 'PAYMENT_METHOD_CREATE' | 'PAYMENT_METHOD_EDIT' | 'PAYMENT_METHOD_DELETE';
    method: PaymentMethod;
  }[] = [];
  for (const method of after) {
    const old = was.get(method.id);
    if (!old) changes.push({ action: 'PAYMENT_METHOD_CREATE', method });
    else if (SAME_FIELDS.some((f) => old[f] !== method[f])) changes.push({ action: 'PAYMENT_METHOD_EDIT', method });
  }
  const kept = new Set(after.map((m) => m.id));
  for (const method of before) if (!kept.has(method.id)) changes.push({ action: 'PAYMENT_METHOD_DELETE', method });
  return changes;
}
