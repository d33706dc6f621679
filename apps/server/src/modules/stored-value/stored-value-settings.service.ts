import type { StoredValueSettings } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { storedValueSettingsOf } from './stored-value-settings.ts';
import * as repo from './stored-value.repo.ts';

/**
 * Changes the store's stored-value settings (SETTINGS), audited. Turning the six-month expiry on or
 * off applies to cards sold from now: a card keeps the last date it was sold with. The stores row
 * changing clears the app's cached store rows (app.ts watchChanges), so the next sale sees it.
 */
export async function updateStoredValueSettings(
  ctx: AppContext,
  scope: Scope,
  body: StoredValueSettings,
): Promise<StoredValueSettings> {
  const patch = {
    sv_expire_six_months: body.expireAfterSixMonths ? 1 : 0,
    sv_usable_at: body.usableAt,
    sv_contact: body.contact,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateSettings(trx, scope.store.id, patch);
    await recordAudit(trx, scope, {
      action: 'STORED_VALUE_SETTINGS',
      entity: 'STORE',
      entityCode: scope.store.url_name,
      summary: String(patch.sv_expire_six_months),
      at: ctx.clock.now(),
    });
  });
  return storedValueSettingsOf({ ...scope.store, ...patch });
}
