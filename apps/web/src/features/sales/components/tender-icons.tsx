import { Group, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TenderMethod } from '@shopdesk/shared';
import { IconBanknote, IconCard, IconGift, IconMore } from '../../../components/icons.tsx';

// The methods' icons are the app's own line icons, so they match the rest of the screens.
const ICONS: Record<TenderMethod, typeof IconCard> = {
  CASH: IconBanknote,
  CARD: IconCard,
  OTHER: IconMore,
  STORED_VALUE: IconGift,
};

/** One payment method's icon (decorative: the text or label around it names the method). */
export function TenderIcon({ method, size }: { method: TenderMethod; size?: number }) {
  const MethodIcon = ICONS[method];
  return <MethodIcon size={size ?? 18} />;
}

/** The methods a sale was paid with, as icons carrying their names for screen readers. */
export function TenderIcons({ methods }: { methods: readonly TenderMethod[] }) {
  const { t } = useTranslation();
  if (methods.length === 0) return null;
  const names = methods.map((m) => t(`sales.method.${m}`)).join(', ');
  return (
    <Tooltip label={names} withArrow openDelay={300}>
      <Group gap={4} wrap="nowrap" c="dimmed" role="img" aria-label={t('sales.paidWith', { methods: names })}>
        {methods.map((m) => (
          <TenderIcon key={m} method={m} />
        ))}
      </Group>
    </Tooltip>
  );
}
