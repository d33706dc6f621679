import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { useStoreMoney } from '../../../lib/store-money.ts';

/**
 * Sets one price and/or cost on every selected variant ("set all to X"); an empty field leaves
 * that figure as it is. Shown while at least one variant is selected.
 */
export function BulkEdit({
  count,
  onApply,
  onClear,
}: {
  count: number;
  onApply: (price: string, cost: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const [price, setPrice] = useState('');
  const [cost, setCost] = useState('');
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-primary-color-light)"
      component="section"
      aria-label={t('items.bulk.title')}
    >
      <Group gap="sm" align="flex-end">
        <Text fw={700} fz="sm" style={{ flex: '1 1 100%' }}>
          {t('items.bulk.selected', { count })}
        </Text>
        <AmountField
          currency={money.main}
          label={t('items.bulk.price')}
          value={price}
          onChange={setPrice}
          style={{ flex: '1 1 140px' }}
        />
        <AmountField
          currency={money.main}
          label={t('items.bulk.cost')}
          value={cost}
          onChange={setCost}
          style={{ flex: '1 1 140px' }}
        />
        <Group gap="xs" style={{ flex: '1 1 auto' }} justify="flex-end">
          <Button variant="default" onClick={onClear}>
            {t('items.bulk.clear')}
          </Button>
          <Button
            disabled={!price.trim() && !cost.trim()}
            onClick={() => {
              onApply(price, cost);
              setPrice('');
              setCost('');
            }}
          >
            {t('items.bulk.apply', { count })}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
