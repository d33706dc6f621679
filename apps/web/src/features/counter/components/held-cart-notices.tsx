import { Alert, Button, Group, Text } from '@mantine/core';
import type { ShopTransaction } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { Link } from '../../../lib/router/index.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { paths } from '../../../lib/paths.ts';

interface Props {
  store: string;
  /** The sale the address names, when it is no longer held (completed here or on another device). */
  completed: ShopTransaction | null;
  /** Why the held cart of the address could not be loaded. */
  loadError: unknown;
  onNewSale: () => void;
}

/** What the counter says when its address names a held cart it cannot reopen. */
export function HeldCartNotices({ store, completed, loadError, onNewSale }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {completed && (
        <Alert color="blue" mb="sm" title={t('counter.alreadyCompletedTitle')}>
          <Text fz="sm">{t('counter.alreadyCompleted', { code: completed.code })}</Text>
          <Group mt="xs" gap="xs">
            <Button size="xs" component={Link} to={paths.shopList(store, completed.code)}>
              {t('counter.openInList')}
            </Button>
            <Button size="xs" variant="default" onClick={onNewSale}>
              {t('counter.newSale')}
            </Button>
          </Group>
        </Alert>
      )}
      {loadError != null && (
        <Alert color="red" mb="sm" role="alert">
          {describeError(t, loadError)}
        </Alert>
      )}
    </>
  );
}
