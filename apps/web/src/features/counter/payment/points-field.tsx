import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { CurrencyCode } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { PaymentEntry, PointsOffer } from './use-payment-entry.ts';

/**
 * "Use points": how many of the customer's points this payment uses (up to maxRedeemable, at
 * least the store's minimum), the discount they make and the due amount lowered. A member who may
 * not give discounts sees it disabled with the reason; on a till they may ask for an approval.
 */
export function PointsField({
  offer,
  entry,
  fmt,
  currency,
  phone,
  busy,
}: {
  offer: PointsOffer;
  entry: PaymentEntry;
  fmt: (minor: number, currency: CurrencyCode) => string;
  currency: CurrencyCode;
  phone: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { settings, balance } = offer;
  // Points lower the due amount, so they are chosen before any tender is taken.
  const locked = busy || entry.tenders.length > 0 || !offer.allowed;
  const min = Math.max(settings.minRedeem, 1);
  const error =
    entry.pointsRefusal === null
      ? undefined
      : entry.pointsRefusal === 'BELOW_MINIMUM'
        ? t('counterCustomer.pointsBelowMin', { min })
        : entry.pointsRefusal === 'DISABLED'
          ? t('counterCustomer.pointsOff')
          : entry.pointsRefusal === 'NOT_A_NUMBER'
            ? t('counterCustomer.pointsNotNumber')
            : t('counterCustomer.pointsOverMax', { max: entry.pointsMax });

  const ask = async () => {
    if (!offer.onAskApproval) return;
    setAsking(true);
    try {
      await offer.onAskApproval();
    } finally {
      setAsking(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="points-part">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{t('counterCustomer.usePoints')}</Text>
          <Text size="sm" c="dimmed">
            {t('counterCustomer.balance', { count: balance })}
          </Text>
        </Group>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('counterCustomer.pointsToUse')}
            description={
              entry.pointsMax > 0
                ? t('counterCustomer.pointsRange', { min, max: entry.pointsMax })
                : t('counterCustomer.pointsNone', { min })
            }
            inputMode="numeric"
            autoComplete="off"
            size={phone ? 'lg' : 'md'}
            value={entry.pointsText}
            disabled={locked || entry.pointsMax === 0}
            onChange={(e) => entry.setPoints(e.currentTarget.value)}
            error={error}
          />
          <Button
            variant="light"
            mt={phone ? 52 : 46}
            h={phone ? 50 : 42}
            disabled={locked || entry.pointsMax === 0}
            onClick={() => entry.setPoints(String(entry.pointsMax))}
          >
            {t('counterCustomer.useMax', { max: entry.pointsMax })}
          </Button>
        </Group>
        {!offer.allowed && (
          <Group gap="xs" justify="space-between">
            <Text size="sm" c="dimmed" data-testid="points-reason">
              {offer.reason}
            </Text>
            {offer.onAskApproval && (
              <Button size="compact-md" variant="default" loading={asking} onClick={() => void ask()}>
                {t('counterCustomer.askApproval')}
              </Button>
            )}
          </Group>
        )}
        {entry.pointsDiscount > 0 && (
          <Text fw={700} c="teal.8" data-testid="points-discount">
            {t('counterCustomer.pointsDiscount', {
              points: entry.redeem,
              amount: fmt(entry.pointsDiscount, currency),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
