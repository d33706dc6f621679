import { Alert, Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useState } from 'react';
import { useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { isCheckoutStarted, type BillingInterval, type PlanPrice } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useCreateSubscription, usePlans, useSubscription } from '../api/subscription.ts';
import { PremiumBenefits } from '../components/premium-benefits.tsx';
import { formatInvoiceAmount, yearlySavingPercent } from '../lib/invoice-money.ts';

/** `/{store}/profile/subscription/pricing`: premium's monthly and yearly prices, and the upgrade. */
export default function PricingPage() {
  const { t, i18n } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const lock = useWriteLock();
  const plans = usePlans();
  const subscription = useSubscription();
  const create = useCreateSubscription();
  const [interval, setBillingInterval] = useState<BillingInterval>('YEAR');

  const price = (i: BillingInterval): PlanPrice | undefined => plans.data?.plans.find((p) => p.interval === i);
  const monthly = price('MONTH');
  const yearly = price('YEAR');
  const saving = monthly && yearly ? yearlySavingPercent(monthly.amount, yearly.amount) : 0;
  const chosen = price(interval);
  const money = (p: PlanPrice) => formatInvoiceAmount(p.amount, p.currency, i18n.language);
  const alreadyPremium = subscription.data?.plan === 'PREMIUM';

  const upgrade = () =>
    create.mutate(
      { plan: 'PREMIUM', interval },
      {
        onSuccess: (result) => {
          // Stripe's own page takes the card; it sends the user back to the return page.
          if (isCheckoutStarted(result)) {
            window.location.assign(result.checkoutUrl);
            return;
          }
          notifications.show({ color: 'teal', message: t('subscription.upgraded') });
          void navigate(paths.profileSubscription(store));
        },
      },
    );

  return (
    <PageFrame title={t('subscription.pricingTitle')} description={t('subscription.pricingText')}>
      {plans.isPending ? (
        <Skeleton h={240} radius="lg" />
      ) : plans.isError ? (
        <FormError>{describeError(t, plans.error)}</FormError>
      ) : plans.data.provider === null || !chosen ? (
        <Alert color="gray" variant="light" radius="md">
          {t('subscription.notSetUp')}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={3} fz={22}>
                {t('subscription.planPremium')}
              </Title>
              {plans.data.testMode && (
                <Badge color="orange" variant="filled" data-testid="test-mode">
                  {t('subscription.testMode')}
                </Badge>
              )}
            </Group>
            <SegmentedControl
              fullWidth
              value={interval}
              onChange={(v) => setBillingInterval(v as BillingInterval)}
              data={[
                { value: 'MONTH', label: t('subscription.monthly') },
                {
                  value: 'YEAR',
                  label: saving > 0 ? t('subscription.yearlySave', { percent: saving }) : t('subscription.yearly'),
                },
              ]}
            />
            <div>
              <Group gap={6} align="baseline">
                <Text fz={36} fw={800} lh={1.1} data-testid="price">
                  {money(chosen)}
                </Text>
                <Text c="dimmed">{t(interval === 'YEAR' ? 'subscription.perYear' : 'subscription.perMonth')}</Text>
              </Group>
              {interval === 'YEAR' && monthly && saving > 0 && (
                <Text size="sm" c="var(--mantine-color-teal-text)" fw={600} mt={4}>
                  {t('subscription.savingLine', {
                    percent: saving,
                    full: formatInvoiceAmount(monthly.amount * 12, monthly.currency, i18n.language),
                  })}
                </Text>
              )}
              {interval === 'MONTH' && yearly && saving > 0 && (
                <Text size="sm" c="dimmed" mt={4}>
                  {t('subscription.yearlyHint', { price: money(yearly), percent: saving })}
                </Text>
              )}
            </div>
            <PremiumBenefits />
            {create.isError && <FormError>{describeError(t, create.error)}</FormError>}
            {alreadyPremium ? (
              <Alert color="teal" variant="light" radius="md">
                {t('subscription.alreadyPremium')}
              </Alert>
            ) : (
              <Button size="lg" onClick={upgrade} loading={create.isPending} {...lock}>
                {t('subscription.upgrade')}
              </Button>
            )}
            <Text size="xs" c="dimmed">
              {plans.data.testMode ? t('subscription.testModeText') : t('subscription.stripeText')}
            </Text>
          </Stack>
        </Paper>
      )}
    </PageFrame>
  );
}
