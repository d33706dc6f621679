import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { minorToDecimalText, parseMoney } from '@shopdesk/shared';
import { MoneyInput } from '../../../components/money-input.tsx';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { amountExample } from '../../../lib/amount-example.ts';
import { MAX_QUANTITY, type CartLine } from '../cart/cart.ts';
import { DiscountFields, draftOf, readDiscount, type DiscountDraft } from './discount-fields.tsx';

export interface LineChanges {
  quantity: number;
  unitPrice: number;
  discount: CartLine['discount'];
}

/** Edits one cart line: quantity, price (changed at the counter) and its discount; or removes it. */
export function LineEditor({
  line,
  focus,
  onSave,
  onRemove,
  onClose,
}: {
  line: CartLine | null;
  /** Which field the shortcut that opened it is about. */
  focus: 'quantity' | 'discount';
  onSave: (key: string, changes: LineChanges) => void;
  onRemove: (key: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState<DiscountDraft>({ kind: 'PERCENT', text: '' });
  const [error, setError] = useState<{ field: 'quantity' | 'price' | 'discount'; text: string } | null>(null);

  useEffect(() => {
    if (!line) return;
    setQuantity(String(line.quantity));
    setPrice(minorToDecimalText(line.unitPrice, money.main));
    setDiscount(draftOf(line.discount, (m) => minorToDecimalText(m, money.main)));
    setError(null);
  }, [line, money.main]);

  const save = () => {
    if (!line) return;
    const q = /^\d{1,4}$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
    if (!(q >= 1 && q <= MAX_QUANTITY)) {
      setError({ field: 'quantity', text: t('counter.quantityInvalid', { max: MAX_QUANTITY }) });
      return;
    }
    let unitPrice: number;
    try {
      unitPrice = parseMoney(price, money.main);
    } catch {
      setError({ field: 'price', text: t('counter.priceInvalid', { example: amountExample(money.main, 450) }) });
      return;
    }
    const d = readDiscount(discount, money.main, unitPrice * q);
    if (d === 'invalid') {
      setError({ field: 'discount', text: t('counter.discountInvalid') });
      return;
    }
    onSave(line.key, { quantity: q, unitPrice, discount: d });
  };

  return (
    <Modal opened={line !== null} onClose={onClose} title={line?.name ?? ''} centered>
      {line && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Stack gap="md">
            {line.code && (
              <Text fz="sm" c="dimmed">
                {line.code} · {formatMain(money, line.unitPrice)}
              </Text>
            )}
            <TextInput
              label={t('counter.quantity')}
              inputMode="numeric"
              autoComplete="off"
              data-autofocus={focus === 'quantity' || undefined}
              value={quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
              error={error?.field === 'quantity' ? error.text : null}
            />
            <MoneyInput
              label={t('counter.unitPrice')}
              value={price}
              onChange={setPrice}
              error={error?.field === 'price' ? error.text : null}
            />
            <DiscountFields
              draft={discount}
              onChange={setDiscount}
              autoFocus={focus === 'discount'}
              error={error?.field === 'discount' ? error.text : null}
            />
            <Group justify="space-between" mt="xs">
              <Button variant="subtle" color="red" onClick={() => onRemove(line.key)}>
                {t('counter.removeLine')}
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
      )}
    </Modal>
  );
}
