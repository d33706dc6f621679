import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  asProductUnit,
  isMeasuredUnit,
  MAX_MEASURED_QUANTITY,
  minorToDecimalText,
  parseMoney,
  parseQuantityText,
  quantityInputText,
  UNIT_SYMBOLS,
  type ProductUnit,
} from '@shopdesk/shared';
import { usePermission } from '../../../lib/store-rights.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { amountExample } from '../../../lib/amount-example.ts';
import { lineGross, MAX_QUANTITY, type CartLine } from '../cart/cart.ts';
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
  // A member without PRICE_OVERRIDE keeps a product's price (on a till the member's lack is
  // approved before paying instead: the session there is the owner's or a manager's).
  const override = usePermission('PRICE_OVERRIDE');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState<DiscountDraft>({ kind: 'PERCENT', text: '' });
  const [error, setError] = useState<{ field: 'quantity' | 'price' | 'discount'; text: string } | null>(null);

  useEffect(() => {
    if (!line) return;
    setQuantity(quantityInputText(line.quantity, asProductUnit(line.unit)));
    setPrice(minorToDecimalText(line.unitPrice, money.main));
    setDiscount(draftOf(line.discount, (m) => minorToDecimalText(m, money.main)));
    setError(null);
  }, [line, money.main]);

  const save = () => {
    if (!line) return;
    // A weighed line's quantity is typed in its unit (0.342 kg) and kept in thousandths.
    const unit = asProductUnit(line.unit);
    const measured = isMeasuredUnit(unit);
    const max = measured ? MAX_MEASURED_QUANTITY : MAX_QUANTITY;
    const q = parseQuantityText(quantity, unit) ?? NaN;
    if (!(q >= 1 && q <= max)) {
      setError({
        field: 'quantity',
        text: measured
          ? t('counter.measuredQuantityInvalid', { unit: unitSymbol(unit), max: quantityInputText(max, unit) })
          : t('counter.quantityInvalid', { max: MAX_QUANTITY }),
      });
      return;
    }
    let unitPrice: number;
    try {
      unitPrice = parseMoney(price, money.main);
    } catch {
      setError({ field: 'price', text: t('counter.priceInvalid', { example: amountExample(money.main, 450) }) });
      return;
    }
    const d = readDiscount(discount, money.main, lineGross(unitPrice, q, unit));
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
              label={
                isMeasuredUnit(asProductUnit(line.unit))
                  ? t('counter.quantityIn', { unit: unitSymbol(asProductUnit(line.unit)) })
                  : t('counter.quantity')
              }
              inputMode={isMeasuredUnit(asProductUnit(line.unit)) ? 'decimal' : 'numeric'}
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
              disabled={line.code !== null && !override.allowed}
              description={line.code !== null && !override.allowed ? override.reason : undefined}
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

const unitSymbol = (unit: ProductUnit) => UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>];
