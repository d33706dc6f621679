import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { parseMoney } from '@shopdesk/shared';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useStoreMoney } from '../../../lib/store-money.ts';
import { amountExample } from '../../../lib/amount-example.ts';
import { MAX_QUANTITY } from '../cart/cart.ts';

export interface OpenItem {
  name: string;
  unitPrice: number;
  quantity: number;
}

/** An item with no product: a name and a price typed at the counter (a service, a one-off). */
export function OpenItemDialog({
  opened,
  onAdd,
  onClose,
}: {
  opened: boolean;
  onAdd: (item: OpenItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'price' | 'quantity', string>>>({});

  useEffect(() => {
    if (!opened) return;
    setName('');
    setPrice('');
    setQuantity('1');
    setErrors({});
  }, [opened]);

  const submit = () => {
    const next: typeof errors = {};
    const trimmed = name.trim();
    // The API refuses control and bidi characters in names; say so here rather than after paying.
    // eslint-disable-next-line no-control-regex
    if (!trimmed || trimmed.length > 120 || /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(trimmed))
      next.name = t('counter.openNameInvalid');
    let unitPrice = 0;
    try {
      unitPrice = parseMoney(price, money.main);
    } catch {
      next.price = t('counter.priceInvalid', { example: amountExample(money.main, 450) });
    }
    const q = /^\d{1,4}$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
    if (!(q >= 1 && q <= MAX_QUANTITY)) next.quantity = t('counter.quantityInvalid', { max: MAX_QUANTITY });
    setErrors(next);
    if (Object.keys(next).length === 0) onAdd({ name: trimmed, unitPrice, quantity: q });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('counter.openItem')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('counter.openName')}
            data-autofocus
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <MoneyInput label={t('counter.unitPrice')} value={price} onChange={setPrice} error={errors.price} />
          <TextInput
            label={t('counter.quantity')}
            inputMode="numeric"
            autoComplete="off"
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            error={errors.quantity}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('counter.addItem')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
