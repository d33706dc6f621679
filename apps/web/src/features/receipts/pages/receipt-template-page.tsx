import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { IconBack } from '../../../components/icons.tsx';
import { useReceiptTemplate } from '../api/receipt-template.ts';
import { useEditedStore, useStoreRate } from '../api/store-details.ts';
import { useLatestSale } from '../api/latest-sale.ts';
import { sampleSale } from '../lib/sample-sale.ts';
import { TemplateForm } from '../components/template-form.tsx';

/** `/{store}/profile/store/receipt-template/{editStore}`: the receipt template of one of the user's stores. */
export default function ReceiptTemplatePage() {
  const { t } = useTranslation();
  const { store: openStore = '', editStore = '' } = useParams();
  const store = useEditedStore(editStore);
  const template = useReceiptTemplate(editStore);
  const latest = useLatestSale(editStore);
  const rate = useStoreRate(editStore, Boolean(store.data?.secondCurrency));
  const back = paths.profileStore(openStore);

  const sample = useMemo(
    () =>
      store.data
        ? sampleSale(
            store.data,
            {
              first: t('receipts.sampleFirst'),
              second: t('receipts.sampleSecond'),
              cashier: t('receipts.sampleCashier'),
            },
            rate.data?.effective ?? null,
          )
        : null,
    [store.data, rate.data, t],
  );

  const missing = [store.error, template.error].some((e) => e instanceof ApiRequestError && e.status === 404);
  if (missing) {
    return (
      <NotFound title={t('notFound.storeTitle')} text={t('notFound.storeText', { store: editStore })} homeTo={back} />
    );
  }
  const error = store.error ?? template.error;
  // A failed look-up of the latest sale only costs the real example: the sample stands in.
  const sale = latest.data ?? (latest.isPending ? null : sample);
  const ready = store.data && template.data && sale;

  return (
    <Container size={1100} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={2} fz={24}>
            {t('receipts.title')}
          </Title>
          {store.data && (
            <Text c="dimmed" mt={4}>
              {store.data.name}
            </Text>
          )}
        </div>
        <Anchor
          component={Link}
          to={back}
          fz="sm"
          mt={-8}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44, alignSelf: 'start' }}
        >
          <IconBack size={16} aria-hidden />
          {t('receipts.backToStores')}
        </Anchor>
        {error && <FormError>{describeError(t, error)}</FormError>}
        {!ready && !error && <Skeleton h={480} radius="lg" />}
        {ready && (
          <TemplateForm
            key={template.data.storeId}
            store={store.data}
            template={template.data}
            sale={sale}
            isSample={!latest.data}
          />
        )}
      </Stack>
    </Container>
  );
}
