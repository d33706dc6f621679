import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import type { TillDevice } from '@shopdesk/shared';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { notifications } from '../../../lib/notifications.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconBack } from '../../../components/icons.tsx';
import { useTills } from '../api/list-tills.ts';
import { useRevokeTill } from '../api/revoke-till.ts';
import { useStoreOf } from '../api/store-of.ts';
import { TillCard } from '../components/till-card.tsx';
import { TillsEmpty } from '../components/tills-empty.tsx';
import { exactTimeFormat } from '../model/till-times.ts';
import { loadDisplayTexts } from '../../../lib/i18n/display-texts.ts';

// The store's customer displays (issue 45), with their texts, a part of their own.
const TillDisplays = lazy(() =>
  Promise.all([import('../components/till-displays.tsx'), loadDisplayTexts()]).then(([m]) => m),
);

/** The time "3 minutes ago" counts from, moved on every minute while the screen is open. */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Active tills first, then revoked ones; the most recently seen (or made) first within each. */
function inOrder(tills: TillDevice[]): TillDevice[] {
  const latest = (till: TillDevice) => till.lastSeenAt ?? till.createdAt;
  return [...tills].sort(
    (a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || latest(b).localeCompare(latest(a)),
  );
}

/**
 * `/{store}/profile/store/{urlName}/tills`: the tills of one of the user's stores (product.md §2,
 * till mode) for its owner and members with SETTINGS: who made each, when it was last seen, and
 * revoke, which the till learns at its next request (401 TILL_REVOKED).
 */
export default function TillsPage() {
  const { t, i18n } = useTranslation();
  const { store: openStore = '', urlName = '' } = useParams();
  const store = useStoreOf(urlName);
  const tills = useTills(urlName);
  const revoke = useRevokeTill();
  const [asking, setAsking] = useState<TillDevice | null>(null);
  const now = useNow();
  const timeZone = store.data?.timezone;
  const exact = useMemo(() => exactTimeFormat(i18n.language, timeZone), [i18n.language, timeZone]);
  const forbidden = tills.error instanceof ApiRequestError && tills.error.status === 403;
  const list = tills.data ? inOrder(tills.data.tills) : null;

  const confirm = () => {
    if (!asking) return;
    revoke.mutate(
      { urlName, id: asking.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('tills.revokeDone', { name: asking.name }) });
          setAsking(null);
        },
      },
    );
  };
  const close = () => {
    setAsking(null);
    revoke.reset();
  };

  return (
    <PageFrame title={t('tills.title')} description={store.data?.name}>
      <Anchor
        component={Link}
        to={paths.profileStore(openStore)}
        fz="sm"
        mt={-8}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
      >
        <IconBack size={16} aria-hidden />
        {t('saleSettings.backToStores')}
      </Anchor>
      {tills.isPending && <Skeleton h={200} radius="lg" />}
      {forbidden && <FormError>{t('tills.forbidden', { permission: t('rights.permission.SETTINGS') })}</FormError>}
      {tills.isError && !forbidden && (
        <FormError>
          {t('tills.loadFailed')}: {describeError(t, tills.error)}
        </FormError>
      )}
      {list && list.length === 0 && <TillsEmpty counterPath={paths.shopCounter(urlName)} />}
      {list && list.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('tills.intro', { menu: t('till.menu') })}
          </Text>
          <Stack gap="md" component="ul" p={0} m={0} aria-label={t('tills.title')}>
            {list.map((till) => (
              <TillCard key={till.id} till={till} now={now} exact={exact} onRevoke={() => setAsking(till)} />
            ))}
          </Stack>
          {timeZone && (
            <Text size="xs" c="dimmed">
              {t('tills.timeZone', { zone: timeZone })}
            </Text>
          )}
        </>
      )}
      {!forbidden && (
        <Suspense fallback={null}>
          <TillDisplays urlName={urlName} exact={exact} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={asking !== null}
        danger
        busy={revoke.isPending}
        title={t('tills.revokeTitle')}
        message={t('tills.revokeQuestion', { name: asking?.name ?? '' })}
        confirmLabel={t('tills.revoke')}
        onConfirm={confirm}
        onCancel={close}
      >
        {revoke.isError && (
          <FormError>
            {t('tills.revokeFailed')}: {describeError(t, revoke.error)}
          </FormError>
        )}
      </ConfirmDialog>
    </PageFrame>
  );
}
