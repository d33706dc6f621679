import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { minorToDecimalText, type Discount } from '@shopdesk/shared';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { DiscountFields, draftOf, readDiscount, type DiscountDraft } from './discount-fields.tsx';

/** The discount on the whole cart, spread over its lines by the shared pricing. */
export function CartDiscountDialog({
  opened,
  current,
  subtotal,
  onSave,
  onClose,
}: {
  opened: boolean;
  current: Discount | null;
  /** What the discount applies to: the lines after their own discounts. */
  subtotal: number;
  onSave: (discount: Discount | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const [draft, setDraft] = useState<DiscountDraft>({ kind: 'PERCENT', text: '' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setDraft(draftOf(current, (m) => minorToDecimalText(m, money.main)));
    setError(null);
  }, [opened, current, money.main]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('counter.cartDiscount')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const discount = readDiscount(draft, money.main, subtotal);
          if (discount === 'invalid') setError(t('counter.discountInvalid'));
          else onSave(discount);
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('counter.cartDiscountOf', { amount: formatMain(money, subtotal) })}
          </Text>
          <DiscountFields draft={draft} onChange={setDraft} error={error} autoFocus />
          <Group justify="space-between">
            <Button variant="subtle" color="red" disabled={!current} onClick={() => onSave(null)}>
              {t('counter.removeDiscount')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('common.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
