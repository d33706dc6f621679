import { Anchor, Paper, Skeleton } from '@mantine/core';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { IconBack } from '../../../components/icons.tsx';
import { useStoredValueSettings, useTargetStore } from '../api/stored-value-settings.ts';
import { StoredValueSettingsForm } from '../components/settings-form.tsx';

/** /{store}/profile/store/{urlName}/stored-value: one of the user's stores' gift card settings (SETTINGS). */
export default function StoredValueSettingsPage() {
  const { t } = useTranslation();
  const { store: openStore = '', urlName = '' } = useParams();
  const target = useTargetStore(urlName);
  const settings = useStoredValueSettings(urlName);
  const back = paths.profileStore(openStore);

  if (target.error instanceof ApiRequestError && target.error.status === 404) {
    return (
      <NotFound title={t('notFound.storeTitle')} text={t('notFound.storeText', { store: urlName })} homeTo={back} />
    );
  }
  const error = target.error ?? settings.error;

  return (
    <PageFrame title={t('giftCards.settings.title')} description={target.data?.name}>
      <Anchor
        component={Link}
        to={back}
        fz="sm"
        mt={-8}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
      >
        <IconBack size={16} aria-hidden />
        {t('giftCards.settings.back')}
      </Anchor>
      {(target.isPending || settings.isPending) && !error && <Skeleton h={320} radius="lg" />}
      {error && <FormError>{describeError(t, error)}</FormError>}
      {target.data && settings.data && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <StoredValueSettingsForm
            key={JSON.stringify(settings.data)}
            urlName={urlName}
            storeName={target.data.name}
            currency={target.data.mainCurrency}
            settings={settings.data}
          />
        </Paper>
      )}
    </PageFrame>
  );
}
