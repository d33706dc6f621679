import { Button, SimpleGrid } from '@mantine/core';
import type { CurrencyCode } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/** "Exact" and the likely notes (cash only): one tap puts the amount in the field. */
export function QuickTenderButtons({
  exact,
  quick,
  currency,
  fmt,
  phone,
  busy,
  onPick,
}: {
  exact: number;
  /** From quickTenders(...); empty for a method other than cash. */
  quick: readonly number[];
  currency: CurrencyCode;
  fmt: (minor: number, currency: CurrencyCode) => string;
  phone: boolean;
  busy: boolean;
  onPick(amount: number): void;
}) {
  const { t } = useTranslation();
  const h = phone ? 56 : 48;
  return (
    <SimpleGrid cols={phone ? 2 : 3} spacing="xs">
      <Button
        variant="light"
        h={h}
        style={phone ? { gridColumn: '1 / -1' } : undefined}
        disabled={busy || exact <= 0}
        onClick={() => onPick(exact)}
      >
        {t('payment.exact', { amount: fmt(exact, currency) })}
      </Button>
      {quick.map((amount) => (
        <Button key={amount} variant="default" h={h} disabled={busy} onClick={() => onPick(amount)}>
          {fmt(amount, currency)}
        </Button>
      ))}
    </SimpleGrid>
  );
}
