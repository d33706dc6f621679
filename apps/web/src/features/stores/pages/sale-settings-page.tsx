import { Anchor, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { IconBack } from '../../../components/icons.tsx';
import { useQuery } from '@tanstack/react-query';
import { currentStoreQuery } from '../api/current-store.ts';
import { SaleSettingsForm } from '../components/sale-settings-form.tsx';
import { ExchangeRatePanel } from '../components/exchange-rate-panel.tsx';
import { PaymentMethodsSection } from '../components/payment-methods-section.tsx';
import { StartingTaxNotice } from '../components/starting-tax-notice.tsx';

/** "Sales at the counter" of one of the user's stores: tax, cash rounding and its exchange rate. */
export default function SaleSettingsPage() {
  const { t } = useTranslation();
  const { store: openStore = '', urlName = '' } = useParams();
  // Asked again on opening: settings edited from a copy the offline cache restored could undo a
  // change made just before a reload. Offline (paused), the cached copy is shown.
  const target = useQuery({ ...currentStoreQuery(urlName), staleTime: 0 });
  const settling = target.isFetching && !target.isFetchedAfterMount;
  const back = paths.profileStore(openStore);

  if (target.error instanceof ApiRequestError && target.error.status === 404) {
    return (
      <NotFound title={t('notFound.storeTitle')} text={t('notFound.storeText', { store: urlName })} homeTo={back} />
    );
  }
  const store = target.data;

  return (
    <PageFrame title={t('saleSettings.title')} description={store?.name}>
      <Anchor
        component={Link}
        to={back}
        fz="sm"
        mt={-8}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
      >
        <IconBack size={16} aria-hidden />
        {t('saleSettings.backToStores')}
      </Anchor>
      {(target.isPending || settling) && <Skeleton h={360} radius="lg" />}
      {target.isError && <FormError>{describeError(t, target.error)}</FormError>}
      {store && !settling && (
        <Stack gap="xl">
          <StartingTaxNotice store={store} />
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="sale-settings-heading"
          >
            <Title order={3} fz={18} mb="md" id="sale-settings-heading">
              {t('saleSettings.counterHeading')}
            </Title>
            {/* Starts again from the store's values when they change (another store, a save). */}
            <SaleSettingsForm
              key={`${store.id}:${store.taxMode}:${store.defaultTaxRate}:${store.cashRounding}`}
              store={store}
            />
          </Paper>
          <PaymentMethodsSection urlName={store.urlName} />
          {store.secondCurrency ? (
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="rate-heading"
            >
              <Title order={3} fz={18} mb={4} id="rate-heading">
                {t('saleSettings.rateHeading', { main: store.mainCurrency, second: store.secondCurrency })}
              </Title>
              <Text fz="sm" c="dimmed" mb="md">
                {t('saleSettings.rateIntro')}
              </Text>
              <ExchangeRatePanel key={store.id} store={{ ...store, secondCurrency: store.secondCurrency }} />
            </Paper>
          ) : (
            <>
              <Divider />
              <Text fz="sm" c="dimmed">
                {t('saleSettings.noSecondCurrency')}
              </Text>
            </>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
