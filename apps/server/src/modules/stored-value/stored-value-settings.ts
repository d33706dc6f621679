import { notificationApplies, type StoredValueSettings } from '@shopdesk/shared';
import type { StoreRow } from '../../db/types.ts';

/**
 * A store's stored-value settings as the API shows them (the sale reads them the same way). The
 * six-month expiry is on by default for a yen store: such cards stay outside the notification duty
 * of Japan's Payment Services Act.
 */
export function storedValueSettingsOf(store: StoreRow): StoredValueSettings {
  const six = store.sv_expire_six_months;
  return {
    expireAfterSixMonths:
      six === null || six === undefined ? notificationApplies(store.main_currency) : Number(six) === 1,
    usableAt: store.sv_usable_at ?? '',
    contact: store.sv_contact ?? '',
  };
}
