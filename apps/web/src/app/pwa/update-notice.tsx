import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { IconDownload } from '../../components/icons.tsx';
import { applyUpdate, useUpdateState } from './update-flow.ts';

/**
 * "A new version is ready" with "Update now". While the counter holds a cart or a payment it says
 * the update waits for the sale; otherwise the next change of screen applies it (update-flow.ts).
 */
export default function UpdateNotice() {
  const { t } = useTranslation();
  const { status, held } = useUpdateState();
  if (status === 'idle') return null;
  return (
    <Box
      px="md"
      py={6}
      bg="var(--mantine-color-blue-light)"
      c="var(--mantine-color-blue-light-color)"
      style={{ borderBottom: '1px solid var(--mantine-color-blue-outline)' }}
      data-testid="update-banner"
    >
      <Group gap="xs" wrap="nowrap" justify="center">
        <IconDownload size={20} style={{ flex: 'none' }} />
        <Text size="sm" lh={1.35}>
          {t(held ? 'update.readyAfterSale' : 'update.ready')}
        </Text>
        <Button
          size="compact-sm"
          variant="filled"
          style={{ flex: 'none' }}
          loading={status === 'applying'}
          onClick={() => void applyUpdate()}
        >
          {t('update.now')}
        </Button>
      </Group>
    </Box>
  );
}
