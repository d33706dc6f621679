import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TransactionStatus } from '@shopdesk/shared';

const COLORS: Record<TransactionStatus, string> = {
  COMPLETED: 'green',
  PARTIALLY_REFUNDED: 'orange',
  REFUNDED: 'gray',
  PARKED: 'blue',
};

/** A sale's status in words and colour: paid, partly or fully refunded, or held. */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" style={{ flex: 'none' }}>
      {t(`sales.status.${status}`)}
    </Badge>
  );
}
