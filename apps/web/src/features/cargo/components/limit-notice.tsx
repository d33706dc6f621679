import { Alert, Anchor, Text } from '@mantine/core';
import { CARGO_CODE_PATTERN } from '@shopdesk/shared';
import { NotFound } from '../../../components/not-found.tsx';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { IconAlert } from '../../../components/icons.tsx';
import { paths } from '../../../lib/paths.ts';

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

/** True when a code cannot be a cargo's (a mistyped address): no need to ask the server. */
export const isCargoCode = (code: string) => CARGO_CODE_PATTERN.test(code);

/** No such cargo in this store (or a code that cannot be one): say so and lead to the list. */
export function CargoNotFound({ store }: { store: string }) {
  const { t } = useTranslation();
  return <NotFound title={t('cargo.notFound.title')} text={t('cargo.notFound.text')} homeTo={paths.cargoList(store)} />;
}

/** An error of a cargo call: the limit with its way out, not found, else the server's sentence. */
export function CargoError({ store, error }: { store: string; error: unknown }) {
  const { t } = useTranslation();
  if (isLimitError(error)) return <LimitReached store={store} error={error} />;
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400))
    return <CargoNotFound store={store} />;
  return (
    <Alert color="red" variant="light" role="alert">
      {describeError(t, error)}
    </Alert>
  );
}
