import { useState } from 'react';
import { Alert } from '@mantine/core';
import { hasJapaneseStartingTax, type VirtualStore } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

const seenKey = (storeId: string) => `shopdesk.startingTaxSeen.${storeId}`;

function seen(storeId: string): boolean {
  try {
    return localStorage.getItem(seenKey(storeId)) !== null;
  } catch {
    return false; // No storage (private mode): the notice shows again, which is harmless.
  }
}

/**
 * A yen store starts tax-inclusive at 10%, rounded down (startingTaxOf), which nobody chose: the
 * sales settings say so until the owner closes the notice (kept per store on this device) or
 * changes the tax, so the first look at the screen explains the values already in it.
 */
export function StartingTaxNotice({ store }: { store: VirtualStore }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => seen(store.id));
  if (hidden || !hasJapaneseStartingTax(store)) return null;
  const close = () => {
    try {
      localStorage.setItem(seenKey(store.id), '1');
    } catch {
      // Kept for this visit only.
    }
    setHidden(true);
  };
  return (
    <Alert
      color="blue"
      variant="light"
      radius="md"
      withCloseButton
      closeButtonLabel={t('saleSettings.japaneseStartClose')}
      onClose={close}
      data-testid="starting-tax-notice"
    >
      {t('saleSettings.japaneseStart')}
    </Alert>
  );
}
