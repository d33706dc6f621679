import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  ADJUSTMENT_REASONS,
  AdjustStockBodySchema,
  type AdjustStockBody,
  type AdjustmentReason,
  formatQuantity,
  isMeasuredUnit,
  parseQuantityText,
  type ProductUnit,
} from '@shopdesk/shared';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';

export type StockDialogMode = 'count' | 'adjust';

interface Props {
  mode: StockDialogMode | null;
  current: number;
  /** EACH when not given; a measured product's quantity is typed in its unit and sent as thousandths. */
  unit?: ProductUnit;
  onClose: () => void;
  onSubmit: (body: AdjustStockBody) => Promise<unknown>;
  error?: string;
}

const EMPTY = { value: '' as string | number, adjustmentReason: '' as AdjustmentReason | '', note: '' };

/**
 * "Set count" (a stock-take of one product) or "Adjust" (a signed change with its reason —
 * received, damaged, theft, correction, own use — and a note).
 */
export function StockDialog({ mode, current, unit = 'EACH', onClose, onSubmit, error }: Props) {
  const measured = isMeasuredUnit(unit);
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const form = useZodForm({
    initialValues: EMPTY,
    schema: AdjustStockBodySchema,
    prepare: ({ value, adjustmentReason, note }, fail): AdjustStockBody => {
      const n = measured ? (parseQuantityText(String(value), unit) ?? Number.NaN) : Number(value);
      if (value === '' || !Number.isInteger(n) || (mode === 'count' && n < 0) || (mode === 'adjust' && n === 0)) {
        fail('value', mode === 'count' ? t('stock.countInvalid') : t('stock.deltaInvalid'));
      }
      if (mode === 'adjust' && !adjustmentReason) fail('adjustmentReason', t('stock.reasonRequired'));
      const trimmed = note.trim() || undefined;
      return mode === 'count'
        ? { countedQuantity: n, reason: 'COUNT', note: trimmed }
        : { delta: n, reason: 'ADJUSTMENT', adjustmentReason: adjustmentReason || undefined, note: trimmed };
    },
  });

  const close = () => {
    form.setValues(EMPTY);
    form.setErrors({});
    onClose();
  };

  const submit = form.onSubmit(async (body) => {
    setPending(true);
    try {
      await onSubmit(body);
      close();
    } catch {
      /* the caller shows the error */
    } finally {
      setPending(false);
    }
  });

  return (
    <Modal
      opened={mode !== null}
      onClose={close}
      title={mode === 'count' ? t('stock.setCountTitle') : t('stock.adjustTitle')}
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && <FormError>{error}</FormError>}
          <NumberInput
            label={mode === 'count' ? t('stock.countedQuantity') : t('stock.delta')}
            description={
              mode === 'count'
                ? t('stock.countHint', { current: formatQuantity(current, unit) })
                : t('stock.deltaHint', { current: formatQuantity(current, unit) })
            }
            value={form.values.value}
            onChange={(v) => form.setValue('value', v)}
            allowDecimal={measured}
            decimalScale={measured ? 3 : undefined}
            allowNegative={mode === 'adjust'}
            error={form.errors.value ?? form.errors.delta ?? form.errors.countedQuantity}
            inputMode={measured ? 'decimal' : 'numeric'}
            data-autofocus
          />
          {mode === 'adjust' && (
            <NativeSelect
              size="md"
              label={t('stock.reason')}
              required
              value={form.values.adjustmentReason}
              onChange={(e) => form.setValue('adjustmentReason', e.currentTarget.value as AdjustmentReason | '')}
              error={form.errors.adjustmentReason}
              data={[
                { value: '', label: t('stock.reasonPlaceholder'), disabled: true },
                ...ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`stockHistory.adjustmentReasons.${r}`) })),
              ]}
            />
          )}
          <TextInput
            label={t('stock.note')}
            description={t('fields.optional')}
            {...form.text('note')}
            maxLength={200}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
