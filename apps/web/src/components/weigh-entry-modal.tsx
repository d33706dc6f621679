import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatQuantity, parseQuantityText, UNIT_SYMBOLS, type ProductUnit } from '@shopdesk/shared';
import { useTranslation } from '../lib/i18n/use-translation.ts';

/** A weighed (measured) product whose plain code was scanned: its weight is asked for. */
export interface WeighRequest {
  code: string;
  name: string;
  unit: Exclude<ProductUnit, 'EACH'>;
}

interface Props {
  request: WeighRequest | null;
  /** The largest quantity (thousandths) one entry may add. */
  max?: number;
  /** The typed quantity in thousandths of the unit (0.350 kg → 350), always more than 0. */
  onAdd: (amount: number) => void;
  onClose: () => void;
}

/**
 * Asks for the weight (volume, length) of a weighed product whose plain code was scanned while
 * counting: a scan of such a code is no quantity (neither 0.001 kg nor 1 kg), so nothing is
 * counted until the person weighs it and types it, in the product's unit with up to 3 decimals.
 */
export function WeighEntryModal({ request, max = 9_999_999, onAdd, onClose }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText('');
    setError(null);
  }, [request]);
  if (!request) return <Modal opened={false} onClose={onClose} />;
  const symbol = UNIT_SYMBOLS[request.unit];
  const submit = () => {
    const amount = parseQuantityText(text, request.unit);
    if (amount === null || amount <= 0 || amount > max) {
      setError(t('weighEntry.invalid', { unit: symbol, max: formatQuantity(max, request.unit) }));
      return;
    }
    onAdd(amount);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={request.name}
      radius="lg"
      centered
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text role="status">
            {request.unit === 'KG'
              ? t('weighEntry.weigh', { unit: symbol })
              : t('weighEntry.measure', { unit: symbol })}
          </Text>
          <TextInput
            label={t('weighEntry.label', { unit: symbol })}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            inputMode="decimal"
            placeholder="0.000"
            autoComplete="off"
            data-autofocus
            size="md"
            rightSection={
              <Text fz="sm" c="dimmed">
                {symbol}
              </Text>
            }
            styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
          />
          <Text fz="xs" c="dimmed" ff="monospace">
            {request.code}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" h={44} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" h={44}>
              {t('weighEntry.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
