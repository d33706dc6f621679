import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Subscription } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useSubscriptionStatus } from '../../../lib/subscription-status.ts';
import { useBillingHistory, useChangeRenewal, useSubscription } from '../api/subscription.ts';
import { BillingHistory } from '../components/billing-history.tsx';
import { PremiumBenefits } from '../components/premium-benefits.tsx';
import { UsageBars } from '../components/usage-bars.tsx';

/** The plan's one-line state: renews on, ends on, payment failed, or free. */
function planLine(t: (key: string, o?: Record<string, unknown>) => string, s: Subscription, date: Intl.DateTimeFormat) {
  const end = s.currentPeriodEnd ? date.format(new Date(s.currentPeriodEnd)) : null;
  if (s.plan !== 'PREMIUM') return t('subscription.freeLine');
  if (s.status === 'PAST_DUE')
    return t('subscription.pastDueLine', { date: s.graceUntil ? date.format(new Date(s.graceUntil)) : (end ?? '') });
  if (s.cancelAtPeriodEnd) return end ? t('subscription.endsOn', { date: end }) : t('subscription.ends');
  return end ? t('subscription.renewsOn', { date: end }) : t('subscription.active');
}

/** `/{store}/profile/subscription`: plan, free-tier usage, what premium gives, billing history, cancel / resume. */
export default function SubscriptionPage() {
  const { t, i18n } = useTranslation();
  const { store = '' } = useParams();
  const lock = useWriteLock();
  const status = useSubscriptionStatus();
  const subscription = useSubscription();
  const history = useBillingHistory();
  const renewal = useChangeRenewal();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const s = subscription.data;
  const premium = s?.plan === 'PREMIUM';
  const noBilling = s !== undefined && s.provider === null;

  const change = (action: 'cancel' | 'resume') =>
    renewal.mutate(action, {
      onSuccess: () => {
        setConfirmCancel(false);
        notifications.show({
          color: 'teal',
          message: t(action === 'cancel' ? 'subscription.canceled' : 'subscription.resumed'),
        });
      },
      onError: (error) => {
        setConfirmCancel(false);
        notifications.show({ color: 'red', message: describeError(t, error) });
      },
    });

  return (
    <PageFrame title={t('subscription.title')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {subscription.isPending ? (
          <Skeleton h={72} />
        ) : subscription.isError ? (
          <FormError>{describeError(t, subscription.error)}</FormError>
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Title order={3} fz={22}>
                  {premium ? t('subscription.planPremium') : t('subscription.planFree')}
                </Title>
                {s!.testMode && (
                  <Badge color="orange" variant="filled" data-testid="test-mode">
                    {t('subscription.testMode')}
                  </Badge>
                )}
                {s!.status === 'PAST_DUE' && <Badge color="red">{t('subscription.pastDue')}</Badge>}
              </Group>
              {premium && s!.interval && (
                <Text size="sm" c="dimmed">
                  {t(s!.interval === 'YEAR' ? 'subscription.yearly' : 'subscription.monthly')}
                </Text>
              )}
            </Group>
            <Text data-testid="plan-line">{planLine(t, s!, date)}</Text>
            {noBilling && (
              <Alert color="gray" variant="light" radius="md">
                {t('subscription.notSetUp')}
              </Alert>
            )}
            {renewal.isError && <FormError>{describeError(t, renewal.error)}</FormError>}
            <Group gap="sm" wrap="wrap">
              {!premium && !noBilling && (
                <Button component={Link} to={paths.profileSubscriptionPricing(store)} size="md">
                  {t('subscription.seePlans')}
                </Button>
              )}
              {premium && !s!.cancelAtPeriodEnd && !noBilling && (
                <Button variant="default" color="red" onClick={() => setConfirmCancel(true)} {...lock}>
                  {t('subscription.cancel')}
                </Button>
              )}
              {premium && s!.cancelAtPeriodEnd && !noBilling && (
                <Button onClick={() => change('resume')} loading={renewal.isPending} {...lock}>
                  {t('subscription.resume')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={3} fz={18} mb="xs">
          {t('subscription.usageTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {premium ? t('subscription.usagePremium') : t('subscription.usageFree')}
        </Text>
        <UsageBars status={status} />
      </Paper>

      {!premium && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz={18} mb="sm">
            {t('subscription.benefitsTitle')}
          </Title>
          <PremiumBenefits />
        </Paper>
      )}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={3} fz={18} mb="xs">
          {t('subscription.historyTitle')}
        </Title>
        {history.isPending ? (
          <Skeleton h={48} />
        ) : history.isError ? (
          <FormError>{describeError(t, history.error)}</FormError>
        ) : (
          <BillingHistory invoices={history.data} />
        )}
      </Paper>

      <ConfirmDialog
        opened={confirmCancel}
        danger
        busy={renewal.isPending}
        title={t('subscription.cancelTitle')}
        message={t('subscription.cancelText', {
          date: s?.currentPeriodEnd ? date.format(new Date(s.currentPeriodEnd)) : '',
        })}
        confirmLabel={t('subscription.cancelConfirm')}
        cancelLabel={t('subscription.cancelKeep')}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => change('cancel')}
      />
    </PageFrame>
  );
}
