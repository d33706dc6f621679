import type { ReactNode, SVGProps } from 'react';
import { Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TenderMethod } from '@shopdesk/shared';

type Props = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 18, children, ...rest }: Props) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

const PATHS: Record<TenderMethod, ReactNode> = {
  CASH: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
    </>
  ),
  CARD: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  OTHER: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12h.01M12 12h.01M16 12h.01" />
    </>
  ),
};

/** One payment method's icon (decorative: the text or label around it names the method). */
export function TenderIcon({ method, size }: { method: TenderMethod; size?: number }) {
  return <Svg size={size}>{PATHS[method]}</Svg>;
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
