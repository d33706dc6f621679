import { SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { parseMoney, type CurrencyCode, type Discount } from '@shopdesk/shared';
import { MoneyInput } from '../../../components/money-input.tsx';
import { basisPointsToPercent, percentToBasisPoints } from '@shopdesk/shared';

export interface DiscountDraft {
  kind: 'AMOUNT' | 'PERCENT';
  text: string;
}

export function draftOf(discount: Discount | null, currencyText: (minor: number) => string): DiscountDraft {
  if (!discount) return { kind: 'PERCENT', text: '' };
  return discount.kind === 'PERCENT'
    ? { kind: 'PERCENT', text: basisPointsToPercent(discount.basisPoints) }
    : { kind: 'AMOUNT', text: currencyText(discount.amount) };
}

/**
 * The discount a draft stands for: null when empty (no discount), 'invalid' when it cannot be read.
 * A discount larger than what it applies to is capped by the shared pricing, so a total never goes
 * below zero; the form still refuses one over `base` so the cashier sees the mistake.
 */
export function readDiscount(draft: DiscountDraft, currency: CurrencyCode, base: number): Discount | null | 'invalid' {
  const text = draft.text.trim();
  if (!text) return null;
  if (draft.kind === 'PERCENT') {
    const basisPoints = percentToBasisPoints(text);
    return basisPoints === null ? 'invalid' : basisPoints === 0 ? null : { kind: 'PERCENT', basisPoints };
  }
  try {
    const amount = parseMoney(text, currency);
    if (amount < 0 || amount > base) return 'invalid';
    return amount === 0 ? null : { kind: 'AMOUNT', amount };
  } catch {
    return 'invalid';
  }
}

/** A discount as a percentage or an amount, typed as text. */
export function DiscountFields({
  draft,
  onChange,
  error,
  autoFocus,
}: {
  draft: DiscountDraft;
  onChange: (draft: DiscountDraft) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        value={draft.kind}
        onChange={(kind) => onChange({ kind: kind as DiscountDraft['kind'], text: '' })}
        data={[
          { value: 'PERCENT', label: t('counter.discountPercent') },
          { value: 'AMOUNT', label: t('counter.discountAmount') },
        ]}
        aria-label={t('counter.discountKind')}
      />
      {draft.kind === 'PERCENT' ? (
        <TextInput
          label={t('counter.discountPercentLabel')}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          value={draft.text}
          onChange={(e) => onChange({ ...draft, text: e.currentTarget.value })}
          rightSection="%"
          error={error}
        />
      ) : (
        <MoneyInput
          label={t('counter.discountAmountLabel')}
          data-autofocus={autoFocus || undefined}
          value={draft.text}
          onChange={(text) => onChange({ ...draft, text })}
          error={error}
        />
      )}
    </Stack>
  );
}
