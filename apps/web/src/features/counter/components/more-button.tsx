import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconDots } from '../../../components/icons.tsx';
import { preloadable } from '../../../lib/preloadable.ts';
import { usePreloaded } from '../../../lib/use-preloaded.ts';
import type { MoreMenuProps } from './counter-more-menu.tsx';

const loadMenu = preloadable(() => import('./counter-more-menu.tsx').then((m) => m.default));

/**
 * The counter's "More" button. Its menu (counter-more-menu.tsx) loads when the button is pointed
 * at or focused, and a first click opens it once loaded (the service worker precaches it, so it is
 * there offline too); until then the button says it opens a menu, as the menu's target does.
 */
export function MoreButton(props: MoreMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const menu = usePreloaded(loadMenu);
  const CounterMoreMenu = menu.value;
  const button = (
    <ActionIcon
      variant="default"
      size={36}
      aria-label={t('counter.more')}
      aria-haspopup="menu"
      aria-expanded={false}
      {...menu.intent}
      onClick={CounterMoreMenu ? undefined : () => menu.whenLoaded(() => setOpened(true))}
    >
      <IconDots size={20} />
    </ActionIcon>
  );
  if (!CounterMoreMenu) return button;
  return <CounterMoreMenu {...props} target={button} opened={opened} onChange={setOpened} />;
}
