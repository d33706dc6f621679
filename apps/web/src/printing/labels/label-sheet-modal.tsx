import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import type { LabelContent, LabelRun } from './label-layout.ts';

const LabelSheet = lazy(() => import('./label-sheet.tsx'));

/**
 * The label sheet in a dialog (full screen on phones); its code loads when it first opens. Either
 * one product's label (`content`) or a batch of labels with their copies (`runs`).
 */
export function LabelSheetModal({
  content = null,
  runs = null,
  onClose,
}: {
  content?: LabelContent | null;
  runs?: readonly LabelRun[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={content !== null || (runs !== null && runs.length > 0)}
      onClose={onClose}
      title={runs ? t('labelBatch.dialogTitle') : t('labels.title')}
      fullScreen={phone}
      size="md"
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      {(content || runs) && (
        <Suspense
          fallback={
            <Center h={200}>
              <Loader />
            </Center>
          }
        >
          <LabelSheet content={content ?? undefined} runs={runs ?? undefined} />
        </Suspense>
      )}
    </Modal>
  );
}
