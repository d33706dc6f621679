import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdjustStockBody } from '@shopdesk/shared';
import { FormError } from '../../../components/form-error.tsx';

export type StockDialogMode = 'count' | 'adjust';

interface Props {
  mode: StockDialogMode | null;
  current: number;
  onClose: () => void;
  onSubmit: (body: AdjustStockBody) => Promise<unknown>;
  error?: string;
}

/** "Set count" (a stock-take of one product) or "Adjust" (a signed change with a note). */
export function StockDialog({ mode, current, onClose, onSubmit, error }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>('');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState<string>();

  const close = () => {
    setValue('');
    setNote('');
    setInvalid(undefined);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (value === '' || !Number.isInteger(n) || (mode === 'count' && n < 0) || (mode === 'adjust' && n === 0)) {
      setInvalid(mode === 'count' ? t('stock.countInvalid') : t('stock.deltaInvalid'));
      return;
    }
    setPending(true);
    try {
      const trimmed = note.trim() || undefined;
      await onSubmit(
        mode === 'count'
          ? { countedQuantity: n, reason: 'COUNT', note: trimmed }
          : { delta: n, reason: 'ADJUSTMENT', note: trimmed },
      );
      close();
    } catch {
      /* the caller shows the error */
    } finally {
      setPending(false);
    }
  };

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
            description={mode === 'count' ? t('stock.countHint', { current }) : t('stock.deltaHint', { current })}
            value={value}
            onChange={(v) => {
              setValue(v);
              setInvalid(undefined);
            }}
            allowDecimal={false}
            allowNegative={mode === 'adjust'}
            error={invalid}
            inputMode="numeric"
            data-autofocus
          />
          <TextInput
            label={t('stock.note')}
            description={t('fields.optional')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
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
