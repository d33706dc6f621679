import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { MemberCard } from '../lib/member-card.ts';

const MemberCardSheet = lazy(() => import('./member-card-sheet.tsx'));

/** The member card's preview and printers in a dialog; its code (and the barcode library) loads when it opens. */
export function MemberCardModal({ card, onClose }: { card: MemberCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title={t('customers.card.title')}
      fullScreen={phone}
      size="md"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      {card && (
        <Suspense
          fallback={
            <Center h={200}>
              <Loader />
            </Center>
          }
        >
          <MemberCardSheet card={card} />
        </Suspense>
      )}
    </Modal>
  );
}
