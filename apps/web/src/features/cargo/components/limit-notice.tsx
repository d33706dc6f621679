import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { IconAlert } from '../../../components/icons.tsx';
import { paths } from '../../../app/paths.ts';

const subscriptionPath = (store: string) => paths.store(store, 'profile/subscription');

/** True for the free plan's 402: the answer is an upgrade, not a retry. */
export const isLimitError = (e: unknown) => e instanceof ApiRequestError && e.status === 402;

/** The free plan's cargo limit is reached: say so and lead to the subscription page. */
export function LimitReached({ store, error }: { store: string; error?: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlert size={20} />} role="alert" title={t('cargo.limit.title')}>
      <Text fz="sm">{error ? describeError(t, error) : t('cargo.limit.text')}</Text>
      <Anchor component={Link} to={subscriptionPath(store)} fz="sm" fw={600}>
        {t('cargo.limit.upgrade')}
      </Anchor>
    </Alert>
  );
}

/** An error of a cargo call: the limit with its way out, else the server's sentence. */
export function CargoError({ store, error }: { store: string; error: unknown }) {
  const { t } = useTranslation();
  if (isLimitError(error)) return <LimitReached store={store} error={error} />;
  return (
    <Alert color="red" variant="light" role="alert">
      {describeError(t, error)}
    </Alert>
  );
}
