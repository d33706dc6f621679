import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { paymentMethodsQuery } from '../../../lib/payment-methods.ts';
import { FormError } from '../../../components/form-error.tsx';
import { PaymentMethodsEditor } from './payment-methods-editor.tsx';

/** The sales settings' "Payment methods" section: the store's named tenders, loaded then edited. */
export function PaymentMethodsSection({ urlName }: { urlName: string }) {
  const { t } = useTranslation();
  // Asked again on opening, like the settings above it: an edit starts from the stored list.
  const methods = useQuery({ ...paymentMethodsQuery(urlName), staleTime: 0 });
  const settling = methods.isFetching && !methods.isFetchedAfterMount;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="tenders-heading">
      <Title order={3} fz={18} mb={4} id="tenders-heading">
        {t('paymentMethods.heading')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('paymentMethods.intro')}
      </Text>
      {(methods.isPending || settling) && <Skeleton h={240} radius="md" />}
      {methods.isError && <FormError>{describeError(t, methods.error)}</FormError>}
      {methods.data && !settling ? (
        // Starts again from the stored list after a save.
        <PaymentMethodsEditor key={methods.dataUpdatedAt} urlName={urlName} methods={methods.data} />
      ) : null}
    </Paper>
  );
}
