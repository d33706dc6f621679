import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import type { LabelContent } from './label-layout.ts';

const LabelSheet = lazy(() => import('./label-sheet.tsx'));

/** The label sheet in a dialog (full screen on phones); its code loads when it first opens. */
export function LabelSheetModal({ content, onClose }: { content: LabelContent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={content !== null}
      onClose={onClose}
      title={t('labels.title')}
      fullScreen={phone}
      size="md"
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      {content && (
        <Suspense
          fallback={
            <Center h={200}>
              <Loader />
            </Center>
          }
        >
          <LabelSheet content={content} />
        </Suspense>
      )}
    </Modal>
  );
}
