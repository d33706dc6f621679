import { CloseButton, Group, Stack, Text } from '@mantine/core';
import type { CurrencyCode, TenderInput } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/** The tenders of a split payment taken so far, each with its remove button. */
export function TenderList({
  tenders,
  methodName,
  fmt,
  busy,
  onRemove,
}: {
  tenders: readonly TenderInput[];
  methodName: (tender: Pick<TenderInput, 'method' | 'methodId' | 'cardCode'>) => string;
  fmt: (minor: number, currency: CurrencyCode) => string;
  busy: boolean;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation();
  if (!tenders.length) return null;
  return (
    <Stack gap={4} aria-label={t('payment.tenders')}>
      {tenders.map((tender, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" gap="xs">
          <Text>
            {methodName(tender)} · {fmt(tender.amount, tender.currency)}
            {tender.reference ? ` · ${tender.reference}` : ''}
          </Text>
          <CloseButton
            aria-label={t('payment.removeTender', {
              method: methodName(tender),
              amount: fmt(tender.amount, tender.currency),
            })}
            disabled={busy}
            onClick={() => onRemove(i)}
          />
        </Group>
      ))}
    </Stack>
  );
}
