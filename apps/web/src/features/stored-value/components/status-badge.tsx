import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { STATUS_COLOR, type ShownStatus } from '../lib/shown-status.ts';

/** A card's status as a coloured word: active, blocked, expired or empty. */
export function StatusBadge({ status, size = 'sm' }: { status: ShownStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none" size={size} data-testid="sv-status">
      {t(`giftCards.statuses.${status}`)}
    </Badge>
  );
}
