import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { productCodeProblem } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { NotFound } from '../../../components/not-found.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useProduct } from '../api/get-product.ts';
import { useSuggestion } from '../api/get-suggestion.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useItem } from '../api/get-item.ts';
import { ProductForm } from '../components/product-form.tsx';
import { StockHistory } from '../components/stock-history.tsx';
import { paths } from '../../../lib/paths.ts';
import { LimitNotice } from '../../../components/limit-notice.tsx';

/**
 * /{store}/stock/new (optionally ?code= from a scan, prefilled from /jn) and
 * /{store}/stock/edit/{code}. After saving, the product's scan card opens.
 */
export default function ProductFormPage() {
  const { t } = useTranslation();
  const { store = '', code: editCode } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const newCode = params.get('code') ?? undefined;
  const existing = useProduct(store, editCode);
  const suggestion = useSuggestion(
    store,
    newCode,
    !editCode && Boolean(newCode) && productCodeProblem(newCode ?? '') !== 'FORMAT',
  );
  const create = useCreateProduct(store);
  const update = useUpdateProduct(store);
  const remove = useDeleteProduct(store);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A variant's name and options are its item's: the form says where they are edited.
  const variantOf = existing.data?.optionValues.length ? existing.data.itemId : undefined;
  const item = useItem(store, variantOf);
  const cardOf = (code: string) => paths.stockScan(store, code);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.stockList(store)));

  if (editCode && existing.data === null)
    return <NotFound title={t('product.notFound')} homeTo={paths.stockList(store)} />;

  return (
    <Container size={720} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={24}>
            {editCode ? t('product.editTitle') : t('product.newTitle')}
          </Title>
          <Text c="dimmed" mt={4}>
            {editCode ? t('product.editText') : t('product.newText')}
          </Text>
        </div>
        {!editCode && <LimitNotice kind="products" store={store} />}
        {variantOf && item.data && (
          <Alert color="blue" variant="light">
            {t('items.variantNotice.text', { name: item.data.name })}{' '}
            <Anchor component={Link} to={paths.itemEdit(store, variantOf)} fz="sm" fw={600}>
              {t('items.variantNotice.link')}
            </Anchor>
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {editCode && existing.isPending && <Skeleton h={400} />}
          {editCode && existing.isError && <Alert color="red">{describeError(t, existing.error)}</Alert>}
          {editCode && existing.data && (
            <ProductForm
              key={existing.data.id}
              store={store}
              product={existing.data}
              onCancel={back}
              onOpenProduct={(code) => navigate(cardOf(code))}
              onSubmit={async (body) => {
                const { quantity: _q, ...rest } = body;
                const saved = await update.mutateAsync({ code: editCode, body: rest });
                notifications.show({ color: 'teal', message: t('product.saved', { name: saved.name }) });
                navigate(cardOf(saved.code), { replace: true });
              }}
            />
          )}
          {!editCode && (
            <ProductForm
              store={store}
              initialCode={newCode}
              suggestion={suggestion.data}
              onCancel={back}
              onOpenProduct={(code) => navigate(cardOf(code))}
              onSubmit={async (body) => {
                const saved = await create.mutateAsync(body);
                notifications.show({ color: 'teal', message: t('product.created', { name: saved.name }) });
                navigate(cardOf(saved.code), { replace: true });
              }}
            />
          )}
        </Paper>
        {editCode && existing.data && <StockHistory store={store} code={existing.data.code} defaultOpened />}
        {editCode && existing.data && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="md" onClick={() => setConfirmDelete(true)}>
              {t('product.delete')}
            </Button>
          </Group>
        )}
        {existing.data && (
          <ConfirmDialog
            opened={confirmDelete}
            title={t('productForm.deleteTitle')}
            message={t('product.deleteConfirm', { name: existing.data.name })}
            confirmLabel={t('productForm.deleteButton')}
            danger
            busy={remove.isPending}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={async () => {
              const product = existing.data!;
              try {
                await remove.mutateAsync(product.code);
                notifications.show({ color: 'teal', message: t('product.deleted', { name: product.name }) });
                navigate(paths.stockList(store), { replace: true });
              } catch (error) {
                setConfirmDelete(false);
                notifications.show({ color: 'red', message: describeError(t, error) });
              }
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
