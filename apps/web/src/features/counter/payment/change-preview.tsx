import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { type CurrencyCode, type PaymentContext, type Settlement } from '@shopdesk/shared';
import { changeFigures, type ChangeFigures } from './payment-math.ts';

/**
 * The change of an entry that pays, in the one currency it will be handed back in. For cash in the
 * second currency the cashier picks that currency (its own or the main one), and the choice goes
 * with the sale, so the shift's drawer books what was given.
 */
export function ChangePreview({
  settlement,
  context,
  choices,
  inMain,
  onInMain,
  fmt,
  phone,
  disabled,
}: {
  settlement: Settlement;
  context: PaymentContext;
  choices: { own: ChangeFigures; main: ChangeFigures } | null;
  inMain: boolean;
  onInMain: (inMain: boolean) => void;
  fmt: (minor: number, currency: CurrencyCode) => string;
  phone: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const change = changeFigures(settlement, context);
  const option = (figures: ChangeFigures) => `${fmt(figures.amount, figures.currency)} ${figures.currency}`;
  return (
    <Stack gap={6}>
      <Text fz={phone ? 22 : 20} fw={800} c={change.amount ? 'teal.8' : 'dimmed'} data-testid="change-preview">
        {change.amount
          ? t('payment.changeOne', { amount: fmt(change.amount, change.currency) })
          : t('payment.noChange')}
      </Text>
      {choices && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="change-currency-label">
            {t('payment.changeGivenIn')}
          </Text>
          <SegmentedControl
            fullWidth
            size={phone ? 'md' : 'sm'}
            value={inMain ? 'main' : 'own'}
            disabled={disabled}
            onChange={(v) => onInMain(v === 'main')}
            data={[
              { value: 'own', label: option(choices.own) },
              { value: 'main', label: option(choices.main) },
            ]}
            aria-labelledby="change-currency-label"
          />
        </Stack>
      )}
    </Stack>
  );
}
