import { Group, Text } from '@mantine/core';

/** The ShopDesk mark: a small shop front under a striped awning. Same drawing as public/favicon.svg. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M14 14h36l5 12H9z" fill="#ffffff" />
      <path d="M23 14h9v12h-11zM41 14h5l4 12h-7z" fill="#5eead4" />
      <path
        d="M9 26a5.75 5.75 0 0 0 11.5 0a5.75 5.75 0 0 0 11.5 0a5.75 5.75 0 0 0 11.5 0a5.75 5.75 0 0 0 11.5 0z"
        fill="#ffffff"
      />
      <path d="M14 33h36v17a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2z" fill="#ffffff" />
      <rect x="19" y="37" width="11" height="8" rx="1.5" fill="#99f6e4" />
      <rect x="35" y="37" width="10" height="15" rx="1.5" fill="#0f766e" />
    </svg>
  );
}

/** Mark and product name, used in the header and on the account screens. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={800} fz={size * 0.6} lh={1} style={{ letterSpacing: '-0.02em' }}>
        Shop
        <Text span inherit c="teal.7" darkHidden>
          Desk
        </Text>
        <Text span inherit c="teal.4" lightHidden>
          Desk
        </Text>
      </Text>
    </Group>
  );
}
