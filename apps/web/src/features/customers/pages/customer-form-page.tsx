import { Alert, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { NotFound } from '../../../components/not-found.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { CustomerForm } from '../components/customer-form.tsx';
import { displayName } from '../lib/customer-text.ts';

/** /{store}/shop/customers/new and /{store}/shop/customers/{id}/edit. After saving, the customer's page opens. */
export default function CustomerFormPage() {
  const { t } = useTranslation();
  const { store = '', id } = useParams();
  const navigate = useNavigate();
  const existing = useCustomer(store, id);
  const create = useCreateCustomer(store);
  const update = useUpdateCustomer(store);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.customers(store)));

  if (id && existing.error instanceof ApiRequestError && existing.error.status === 404)
    return <NotFound title={t('customers.notFound')} homeTo={paths.customers(store)} />;

  return (
    <Container size={720} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={24}>
            {id ? t('customers.form.editTitle') : t('customers.form.newTitle')}
          </Title>
          <Text c="dimmed" mt={4}>
            {id && existing.data ? displayName(t, existing.data) : t('customers.form.newText')}
          </Text>
        </div>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {id && existing.isPending && <Skeleton h={320} />}
          {id && existing.isError && <Alert color="red">{describeError(t, existing.error)}</Alert>}
          {id && existing.data && (
            <CustomerForm
              key={existing.data.id}
              customer={existing.data}
              onCancel={back}
              onSubmit={async (body) => {
                const { clientId: _c, ...rest } = body;
                const saved = await update.mutateAsync({ id, body: rest });
                notifications.show({ color: 'teal', message: t('customers.saved', { name: displayName(t, saved) }) });
                navigate(paths.customerPage(store, saved.id), { replace: true });
              }}
            />
          )}
          {!id && (
            <CustomerForm
              onCancel={back}
              onSubmit={async (body) => {
                const saved = await create.mutateAsync(body);
                notifications.show({ color: 'teal', message: t('customers.created', { name: displayName(t, saved) }) });
                navigate(paths.customerPage(store, saved.id), { replace: true });
              }}
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
