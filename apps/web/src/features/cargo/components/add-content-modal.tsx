import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  isMeasuredUnit,
  parseMoneyStrict,
  parseQuantityText,
  PRODUCT_UNITS,
  UNIT_SYMBOLS,
  type CurrencyCode,
  type ProductUnit,
} from '@shopdesk/shared';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { describeError } from '../../../lib/describe-error.ts';

export interface NewLine {
  code: string;
  name: string;
  brand: string;
  price: number;
  /** Pieces, or thousandths of a measured `unit`. */
  quantity: number;
  /** What the product will be sold by (arrival creates it so); pieces when absent. */
  unit?: ProductUnit;
}

interface Props {
  /** The scanned or typed code the cargo has no line for (null: closed). */
  code: string | null;
  /** What is known of it (the same code in the user's other stores). */
  suggestion?: { name?: string; brand?: string } | null;
  currency: CurrencyCode;
  onAdd: (line: NewLine) => Promise<void>;
  onClose: () => void;
}

/**
 * A code neither the cargo nor the store knows: name it here (with brand and price) and it is
 * added as a line; arrival creates the product from it.
 */
export function AddContentModal({ code, suggestion, currency, onAdd, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [name, setName] = useState('');
  const [brand, setBrand] = useState('');
  const [price, setPrice] = useState('');
  const [unit, setUnit] = useState<ProductUnit>('EACH');
  // Typed in the unit: "3" pieces, or "1.250" kg (sent as 1250 thousandths).
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    setName(suggestion?.name ?? '');
    setBrand(suggestion?.brand ?? '');
    setPrice('');
    setUnit('EACH');
    setQuantity('1');
    setError(null);
  }, [code, suggestion]);

  const measured = isMeasuredUnit(unit);
  const symbol = measured ? UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>] : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code) return;
    if (!name.trim()) {
      setError(t('cargo.add.nameRequired'));
      return;
    }
    let minor = 0;
    try {
      minor = price.trim() ? parseMoneyStrict(price, currency) : 0;
    } catch {
      setError(t('cargo.add.badPrice'));
      return;
    }
    const amount = quantity.trim() === '' ? 0 : parseQuantityText(quantity, unit);
    if (amount === null || amount < 0) {
      setError(isMeasuredUnit(unit) ? t('productUnit.quantityInvalid') : t('cargo.add.badQuantity'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onAdd({
        code,
        name: name.trim(),
        brand: brand.trim(),
        price: minor,
        quantity: amount,
        ...(isMeasuredUnit(unit) ? { unit } : {}),
      });
      onClose();
    } catch (err) {
      setError(describeError(t, err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('cargo.add.title')}
      fullScreen={phone}
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('cargo.add.text')}
          </Text>
          <Text ff="monospace" fw={700} aria-label={t('cargo.fields.code')}>
            {code}
          </Text>
          <FormError>{error}</FormError>
          <TextInput
            label={t('cargo.fields.productName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            maxLength={120}
            data-autofocus
          />
          <TextInput
            label={t('cargo.fields.brand')}
            value={brand}
            onChange={(e) => setBrand(e.currentTarget.value)}
            maxLength={80}
          />
          <NativeSelect
            label={t('productUnit.label')}
            value={unit}
            onChange={(e) => setUnit(e.currentTarget.value as ProductUnit)}
            data={PRODUCT_UNITS.map((u) => ({ value: u, label: t(`productUnit.${u}`) }))}
          />
          <Group grow align="flex-start">
            <AmountField
              label={measured ? t('productUnit.pricePer', { unit: symbol }) : t('cargo.fields.price')}
              currency={currency}
              value={price}
              onChange={setPrice}
            />
            <NumberInput
              label={measured ? `${t('cargo.fields.quantity')} (${symbol})` : t('cargo.fields.quantity')}
              value={quantity}
              onChange={(v) => setQuantity(String(v))}
              min={0}
              allowDecimal={measured}
              decimalScale={measured ? 3 : 0}
              allowNegative={false}
              inputMode={measured ? 'decimal' : 'numeric'}
            />
          </Group>
          <Button type="submit" size="md" loading={pending}>
            {t('cargo.add.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
