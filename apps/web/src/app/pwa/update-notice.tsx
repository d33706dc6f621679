import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../components/icons.tsx';
import { applyUpdate, type UpdateState } from './sw-updates.ts';

/** The announcement itself: loaded only once there is a new version (update-banner.tsx). */
export default function UpdateNotice({ status, held }: UpdateState) {
  const { t } = useTranslation();
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
          {t('update.ready')}
          {held && ` ${t('update.afterSale')}`}
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
