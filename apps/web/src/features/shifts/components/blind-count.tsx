import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { CASH_DENOMINATIONS, type CurrencyCode, type Denomination } from '@shopdesk/shared';
import { IconMinus, IconPlus } from '../../../components/icons.tsx';
import { MAX_PIECES, parseCount, totalOf, type CountState } from '../lib/blind-count.ts';
import { money } from '../lib/shift-text.ts';

interface Props {
  currencies: CurrencyCode[];
  locale: string;
  busy: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onClose: (state: CountState) => void;
}

function Stepper({ label, count, onChange }: { label: string; count: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={40}
        radius="md"
        aria-label={t('shifts.fewer', { label })}
        onClick={() => onChange(Math.max(0, count - 1))}
        disabled={count === 0}
      >
        <IconMinus size={18} />
      </ActionIcon>
      <TextInput
        aria-label={t('shifts.countOf', { label })}
        inputMode="numeric"
        autoComplete="off"
        value={count === 0 ? '' : String(count)}
        placeholder="0"
        onChange={(e) => onChange(parseCount(e.currentTarget.value))}
        onFocus={(e) => e.currentTarget.select()}
        w={64}
        styles={{ input: { textAlign: 'center', height: 40, fontVariantNumeric: 'tabular-nums' } }}
      />
      <ActionIcon
        variant="default"
        size={40}
        radius="md"
        aria-label={t('shifts.more', { label })}
        onClick={() => onChange(Math.min(MAX_PIECES, count + 1))}
      >
        <IconPlus size={18} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The blind count: the cashier counts the drawer note by note and coin by coin before the expected
 * amount is shown (it appears only on the Z report), so the count is not bent towards it.
 */
export function BlindCount({ currencies, locale, busy, disabled, onCancel, onClose }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<CountState>({});
  const set = (currency: CurrencyCode, value: number, count: number) =>
    setState((s) => ({ ...s, [currency]: { ...s[currency], [value]: count } }));

  const rows = (currency: CurrencyCode, list: readonly Denomination[]) =>
    list.map((d) => {
      const label = money(d.value, currency, locale);
      const count = state[currency]?.[d.value] ?? 0;
      return (
        <Group key={d.value} justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} w={88} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {label}
          </Text>
          <Stepper label={label} count={count} onChange={(n) => set(currency, d.value, n)} />
          <Text
            fz="sm"
            c={count ? undefined : 'dimmed'}
            ta="right"
            miw={76}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {money(d.value * count, currency, locale)}
          </Text>
        </Group>
      );
    });

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('shifts.countIntro')}
      </Text>
      {currencies.map((currency) => {
        const list = CASH_DENOMINATIONS[currency];
        return (
          <Paper
            key={currency}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label={t('shifts.countOfCurrency', { currency })}
          >
            <Title order={4} fz={16} mb="sm">
              {t('shifts.countOfCurrency', { currency })}
            </Title>
            <Stack gap={6}>
              <Text fz="xs" tt="uppercase" c="dimmed" fw={700}>
                {t('shifts.notes')}
              </Text>
              {rows(
                currency,
                list.filter((d) => d.kind === 'NOTE'),
              )}
              <Text fz="xs" tt="uppercase" c="dimmed" fw={700} mt="xs">
                {t('shifts.coins')}
              </Text>
              {rows(
                currency,
                list.filter((d) => d.kind === 'COIN'),
              )}
            </Stack>
            <Group
              justify="space-between"
              mt="md"
              pt="sm"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text fw={700}>{t('shifts.countedTotal')}</Text>
              <Text
                fw={700}
                fz="lg"
                data-testid={`count-total-${currency}`}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {money(totalOf(state, currency), currency, locale)}
              </Text>
            </Group>
          </Paper>
        );
      })}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('shifts.backToShift')}
        </Button>
        <Button color="red" loading={busy} disabled={disabled} onClick={() => onClose(state)}>
          {t('shifts.closeWithCount')}
        </Button>
      </Group>
    </Stack>
  );
}
