import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCheckoutResult, useReloadUser } from '../api/subscription.ts';

/**
 * How often the page asks whether the payment has been applied, after how long it says it is late,
 * and how often it asks after that (the server limits these look-ups per user).
 */
const POLL_MS = 3000;
const PATIENCE_MS = 45_000;
const LATE_POLL_MS = 15_000;

/**
 * `/{store}/profile/subscription/return`: where Stripe's checkout sends the user back. The payment
 * is confirmed by Stripe's webhook, not by this visit, so the page waits for the server to show
 * premium, and explains when that takes longer than usual.
 */
export default function SubscriptionReturnPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const [params] = useSearchParams();
  const [waitedLong, setWaitedLong] = useState(false);
  const [done, setDone] = useState(false);
  const subscription = useCheckoutResult(params.get('session_id'), done ? false : waitedLong ? LATE_POLL_MS : POLL_MS);
  const reloadUser = useReloadUser();
  const reloaded = useRef(false);
  const premium = subscription.data?.plan === 'PREMIUM' && subscription.data.status !== 'CANCELED';

  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!premium || reloaded.current) return;
    reloaded.current = true;
    setDone(true);
    void reloadUser();
  }, [premium, reloadUser]);

  return (
    <PageFrame title={t('subscription.returnTitle')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {premium ? (
          <Stack gap="md" align="flex-start">
            <Title order={3} fz={22}>
              {t('subscription.returnDone')}
            </Title>
            <Text>{t('subscription.returnDoneText')}</Text>
            <Button component={Link} to={paths.profileSubscription(store)}>
              {t('subscription.toSubscription')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md" align="flex-start">
            <Loader size="md" />
            <Text fw={600}>{t('subscription.returnWaiting')}</Text>
            <Text size="sm" c="dimmed">
              {t('subscription.returnWaitingText')}
            </Text>
            {waitedLong && (
              <Alert color="yellow" variant="light" radius="md">
                {t('subscription.returnLate')}
              </Alert>
            )}
            <Button variant="default" component={Link} to={paths.profileSubscription(store)}>
              {t('subscription.toSubscription')}
            </Button>
          </Stack>
        )}
      </Paper>
    </PageFrame>
  );
}
