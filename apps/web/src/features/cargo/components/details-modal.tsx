import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Cargo } from '@shopdesk/shared';
import { useUpdateCargo } from '../api/create-cargo.ts';
import { CargoForm } from './cargo-form.tsx';
import { CargoError } from './limit-notice.tsx';

/** A cargo's name, origin and note changed while its contents are being edited. */
export function DetailsModal({
  store,
  cargo,
  opened,
  onClose,
}: {
  store: string;
  cargo: Cargo;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const update = useUpdateCargo(store, cargo.code);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        update.reset();
        onClose();
      }}
      title={t('cargo.edit.details')}
      fullScreen={phone}
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && (
        <CargoForm
          initial={{ name: cargo.name, origin: cargo.origin, note: cargo.note }}
          submitLabel={t('common.save')}
          pending={update.isPending}
          footer={update.error ? <CargoError store={store} error={update.error} /> : null}
          onSubmit={(fields) => update.mutate(fields, { onSuccess: onClose })}
        />
      )}
    </Modal>
  );
}
