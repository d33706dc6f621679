import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ShiftReport } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';

/** The open shift, small beside the counter's title; a tap opens the shift screen. */
export function ShiftBadge({ store, shift, timeZone }: { store: string; shift: ShiftReport; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const at = new Intl.DateTimeFormat(i18n.language, { timeZone, timeStyle: 'short' }).format(new Date(shift.openedAt));
  return (
    <Badge
      component={Link}
      to={paths.shopShift(store)}
      variant="light"
      color="teal"
      size="lg"
      radius="sm"
      tt="none"
      style={{ cursor: 'pointer', flexShrink: 0 }}
      aria-label={t('counter.shiftBadgeLabel', { number: shift.number, at })}
      data-testid="shift-badge"
    >
      {t('counter.shiftBadge', { number: shift.number })}
    </Badge>
  );
}

/** No shift open in a store that works in shifts: say what happens to a sale now, and offer to open one. */
export function NoShiftNotice({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" mb="sm" role="status" title={t('counter.noShiftTitle')}>
      <Group justify="space-between" align="center" gap="sm">
        <Text fz="sm" style={{ flex: '1 1 240px' }}>
          {t('counter.noShiftText')}
        </Text>
        <Button size="sm" color="orange" onClick={onOpen}>
          {t('counter.openShift')}
        </Button>
      </Group>
    </Alert>
  );
}
