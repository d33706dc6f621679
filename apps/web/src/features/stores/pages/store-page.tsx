import { useState } from 'react';
import { Button, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '../../../lib/notifications.ts';
import { useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { hasJapaneseStartingTax, type VirtualStore } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { IconPlus } from '../../../components/icons.tsx';
import { useStores } from '../api/list-stores.ts';
import { useCreateStore } from '../api/create-store.ts';
import { useUpdateStore } from '../api/update-store.ts';
import { useUpdateDefaultStore } from '../api/update-default-store.ts';
import { StoreForm } from '../components/store-form.tsx';
import { StoreCard } from '../components/store-card.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; store: VirtualStore } | null;

/** Manage stores: list, create, edit, and choose the default one. */
export default function StorePage() {
  const { t } = useTranslation();
  const { store: currentUrlName } = useParams();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const defaultStoreId = useSession((s) => s.loggedUser?.defaultStoreId);
  const stores = useStores();
  const create = useCreateStore();
  const update = useUpdateStore();
  const setDefault = useUpdateDefaultStore();
  const [editing, setEditing] = useState<Editing>(null);

  const makeDefault = (s: VirtualStore) =>
    setDefault.mutate(s.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('stores.defaultChanged', { name: s.name }) }),
      onError: (error) => notifications.show({ color: 'red', message: describeError(t, error) }),
    });

  return (
    <PageFrame
      title={t('stores.title')}
      action={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ mode: 'create' })}>
          {t('stores.create')}
        </Button>
      }
    >
      {stores.isPending && <Skeleton h={160} radius="lg" />}
      {stores.isError && <FormError>{describeError(t, stores.error)}</FormError>}
      {stores.data && (
        <Stack gap="md" component="ul" p={0} m={0}>
          {stores.data.map((s) => (
            <StoreCard
              key={s.id}
              store={s}
              isDefault={s.id === defaultStoreId}
              isCurrent={s.urlName === currentUrlName}
              settingDefault={setDefault.isPending && setDefault.variables === s.id}
              onSetDefault={() => makeDefault(s)}
              onEdit={() => setEditing({ mode: 'edit', store: s })}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? t('stores.editTitle') : t('stores.createTitle')}
        fullScreen={phone}
        size="lg"
        radius="lg"
        styles={{ title: { fontWeight: 800, fontSize: 20 } }}
      >
        {editing?.mode === 'create' && (
          <StoreForm
            mode="create"
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              const created = await create.mutateAsync(body);
              notifications.show({ color: 'teal', message: t('stores.created', { name: created.name }) });
              // A yen store's tax was set for the owner: say so at once (the sales settings say it too).
              if (hasJapaneseStartingTax(created))
                notifications.show({ color: 'blue', autoClose: 12_000, message: t('saleSettings.japaneseStart') });
              setEditing(null);
            }}
          />
        )}
        {editing?.mode === 'edit' && (
          <StoreForm
            mode="edit"
            store={editing.store}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await update.mutateAsync({ urlName: editing.store.urlName, body });
              notifications.show({ color: 'teal', message: t('stores.updated') });
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </PageFrame>
  );
}
