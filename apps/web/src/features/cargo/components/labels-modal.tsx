import { useState } from 'react';
import { ActionIcon, Alert, Box, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { isMeasuredUnit, type Cargo, type CargoContent } from '@shopdesk/shared';
import { IconPrinter } from '../../../components/icons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import {
  labelContentOf,
  MAX_LABEL_COPIES,
  type LabelContent,
  type LabelRun,
} from '../../../printing/labels/label-layout.ts';
import { useContents } from '../api/get-contents.ts';
import { useFormatCargoMoney } from './cargo-money.ts';

/**
 * Shelf labels for what arrived: each line of the cargo with the label printing the products
 * screens use (preview, cat printer or the browser), one product at a time, or all at once with
 * as many labels as pieces arrived (a weighed line: one).
 */
export function LabelsModal({
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
  const money = useFormatCargoMoney();
  const contents = useContents(store, opened ? cargo.code : undefined);
  const [label, setLabel] = useState<LabelContent | null>(null);
  const [batch, setBatch] = useState<LabelRun[] | null>(null);
  const arrived = (c: CargoContent) => c.receivedQuantity ?? c.quantity;
  const copiesOf = (c: CargoContent) =>
    isMeasuredUnit(c.unit) ? 1 : Math.max(0, Math.min(MAX_LABEL_COPIES, arrived(c)));
  const labelOf = (c: CargoContent): LabelContent => labelContentOf(c, (minor) => money(minor, cargo.currency));
  return (
    <>
      <Modal
        opened={opened && label === null && batch === null}
        onClose={onClose}
        title={t('cargo.labels.title')}
        fullScreen={phone}
        radius="lg"
        styles={{ title: { fontWeight: 800, fontSize: 20 } }}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            {t('cargo.labels.hint')}
          </Text>
          {contents.data && contents.data.length > 0 && (
            <Button
              leftSection={<IconPrinter size={18} />}
              onClick={() => setBatch(contents.data.map((c) => ({ content: labelOf(c), copies: copiesOf(c) })))}
            >
              {t('labelBatch.fromCargo')}
            </Button>
          )}
          {contents.isPending && <Skeleton h={200} />}
          {contents.isError && (
            <Alert color="red" role="alert">
              {describeError(t, contents.error)}
            </Alert>
          )}
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {contents.data?.map((c) => (
              <Group component="li" key={c.contentId} wrap="nowrap" gap="sm" py={6}>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {c.name}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate>
                    {c.code} · {money(c.price, cargo.currency)} ·{' '}
                    {t('cargo.labels.arrived', { count: c.receivedQuantity ?? c.quantity })}
                  </Text>
                </Box>
                <ActionIcon
                  variant="light"
                  size={44}
                  onClick={() => setLabel(labelOf(c))}
                  aria-label={t('cargo.labels.printFor', { name: c.name })}
                >
                  <IconPrinter size={20} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Modal>
      <LabelSheetModal content={label} onClose={() => setLabel(null)} />
      <LabelSheetModal runs={batch} onClose={() => setBatch(null)} />
    </>
  );
}
