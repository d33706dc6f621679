import {
  BARCODE_RULE_VALUES,
  type BarcodeRuleValue,
  type BarcodeRules,
  type BarcodeRulesBodySchema,
  type StoredBarcodeRule,
} from '@shopdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { StoreBarcodeRulesTable } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './barcode-rules.repo.ts';

type RulesBody = z.output<typeof BarcodeRulesBodySchema>;

function toRule(row: StoreBarcodeRulesTable): StoredBarcodeRule {
  return {
    id: row.id,
    prefix: row.prefix,
    itemDigits: Number(row.item_digits),
    valueDigits: Number(row.value_digits),
    value: (BARCODE_RULE_VALUES as readonly string[]).includes(row.value) ? (row.value as BarcodeRuleValue) : 'PRICE',
    decimals: Number(row.decimals),
    valueCheckDigit: Number(row.value_check_digit) === 1,
    position: Number(row.position),
  };
}

/** The store's rules, by position; also what the random barcode avoids (products.service). */
export async function storeBarcodeRules(db: DbOrTx, storeId: string): Promise<StoredBarcodeRule[]> {
  return (await repo.listBarcodeRules(db, storeId)).map(toRule);
}

export async function getBarcodeRules(ctx: AppContext, scope: Scope): Promise<BarcodeRules> {
  return { rules: await storeBarcodeRules(ctx.db, scope.store.id) };
}

/**
 * Replaces the store's rules with the editor's list. Positions are renumbered 0, 1, 2 … in the
 * order the list gives (by position, then as sent), so the first match is always well defined.
 * Recorded in the audit log in the same transaction.
 */
export async function putBarcodeRules(ctx: AppContext, scope: Scope, body: RulesBody): Promise<BarcodeRules> {
  const storeId = scope.store.id;
  const ordered = body.rules.map((rule, index) => ({ rule, index }));
  ordered.sort((a, b) => a.rule.position - b.rule.position || a.index - b.index);
  const rows: StoreBarcodeRulesTable[] = ordered.map(({ rule }, position) => ({
    store_id: storeId,
    id: newId(),
    prefix: rule.prefix,
    item_digits: rule.itemDigits,
    value_digits: rule.valueDigits,
    value: rule.value,
    decimals: rule.decimals,
    value_check_digit: rule.valueCheckDigit ? 1 : 0,
    position,
  }));
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceBarcodeRules(trx, storeId, rows);
    // The prefixes in order ("20,21"; '' for none): the log's screen words it.
    await recordAudit(trx, scope, {
      action: 'BARCODE_RULES',
      entity: 'STORE',
      entityCode: scope.store.url_name,
      summary: rows.map((r) => r.prefix).join(','),
      at: ctx.clock.now(),
    });
  });
  return { rules: rows.map(toRule) };
}
