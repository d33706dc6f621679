import { useState } from 'react';
import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { NotFound } from '../../../components/not-found.tsx';
import { LimitNotice } from '../../../components/limit-notice.tsx';
import { IconPrinter } from '../../../components/icons.tsx';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import type { LabelRun } from '../../../printing/labels/label-layout.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { paths } from '../../../lib/paths.ts';
import { useItem } from '../api/get-item.ts';
import { useCreateItem } from '../api/create-item.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { ItemForm } from '../components/item-form.tsx';
import { ItemGrid } from '../components/item-grid.tsx';
import { usePermission } from '../../../lib/store-rights.ts';
import { itemLabelRuns } from '../items/item-labels.ts';

/**
 * /{store}/stock/items/new and /{store}/stock/items/{id}: an item's details, options and variants.
 * An item of its own (a product without options) opens here to be given options ("Add variants").
 */
export default function ItemFormPage() {
  const { t } = useTranslation();
  const { store = '', id } = useParams();
  const navigate = useNavigate();
  const money = useStoreMoney();
  const existing = useItem(store, id);
  const create = useCreateItem(store);
  const update = useUpdateItem(store);
  const [labels, setLabels] = useState<LabelRun[] | null>(null);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.stockList(store)));
  const item = existing.data;
  const withOptions = (item?.options.length ?? 0) > 0;
  const reports = usePermission('REPORTS');

  if (id && existing.isError && existing.error instanceof ApiRequestError && existing.error.status === 404)
    return <NotFound title={t('items.notFound')} homeTo={paths.stockList(store)} />;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={24}>
              {!id ? t('items.newTitle') : withOptions ? t('items.editTitle') : t('items.addVariantsTitle')}
            </Title>
            <Text c="dimmed" mt={4}>
              {!id ? t('items.newText') : withOptions ? t('items.editText') : t('items.addVariantsText')}
            </Text>
          </div>
          {item && (
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} />}
              onClick={() => setLabels(itemLabelRuns(item, (minor) => formatMain(money, minor)))}
            >
              {t('items.printLabels')}
            </Button>
          )}
        </Group>
        {!id && <LimitNotice kind="products" store={store} />}
        {id && existing.isPending && <Skeleton h={480} radius="lg" />}
        {id && existing.isError && !(existing.error instanceof ApiRequestError && existing.error.status === 404) && (
          <Alert color="red" role="alert">
            {describeError(t, existing.error)}
          </Alert>
        )}
        {id && item && withOptions && reports.allowed && <ItemGrid store={store} id={item.id} />}
        {id && item && (
          <ItemForm
            key={`${item.id}:${item.updatedAt}`}
            store={store}
            item={item}
            onCancel={back}
            onSubmit={async (body) => {
              const saved = await update.mutateAsync({ id: item.id, body });
              notifications.show({ color: 'teal', message: t('items.saved', { name: saved.name }) });
            }}
          />
        )}
        {!id && (
          <ItemForm
            store={store}
            onCancel={back}
            onSubmit={async (body) => {
              const saved = await create.mutateAsync(body);
              notifications.show({
                color: 'teal',
                message: t('items.created', { name: saved.name, count: saved.variants.length }),
              });
              navigate(paths.itemEdit(store, saved.id), { replace: true });
            }}
          />
        )}
      </Stack>
      <LabelSheetModal runs={labels} onClose={() => setLabels(null)} />
    </Container>
  );
}
