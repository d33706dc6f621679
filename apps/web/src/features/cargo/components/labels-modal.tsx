import { useState } from 'react';
import { ActionIcon, Alert, Box, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Cargo, CargoContent } from '@shopdesk/shared';
import { IconPrinter } from '../../../components/icons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import { labelContentOf, type LabelContent } from '../../../printing/labels/label-layout.ts';
import { useContents } from '../api/get-contents.ts';
import { useFormatCargoMoney } from './cargo-money.ts';

/**
 * Shelf labels for what arrived: each line of the cargo with the label printing the products
 * screens use (preview, cat printer or the browser), one product at a time.
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
  const labelOf = (c: CargoContent): LabelContent => labelContentOf(c, (minor) => money(minor, cargo.currency));
  return (
    <>
      <Modal
        opened={opened && label === null}
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
    </>
  );
}
