import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { CargoStatus } from '@shopdesk/shared';

const COLORS: Record<CargoStatus, string> = { NOT_ARRIVED: 'blue', ARRIVED: 'teal', TRANSFERRED: 'gray' };

export function CargoStatusBadge({ status }: { status: CargoStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" size="md" style={{ flex: 'none' }}>
      {t(`cargo.status.${status}`)}
    </Badge>
  );
}
