import type { ReactElement } from 'react';
import { Menu } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../app/paths.ts';

export type MoreMenuDialog = 'openItem' | 'cartDiscount' | 'held' | 'help';

/** What the counter tells its "More" menu (more-button.tsx passes it through). */
export interface MoreMenuProps {
  store: string;
  empty: boolean;
  /** The cart on screen is a held one: clearing it closes it. */
  held: boolean;
  shiftsEnabled: boolean;
  onDialog: (kind: MoreMenuDialog) => void;
  onClear: () => void;
}

interface Props extends MoreMenuProps {
  /** The counter's "More" button (more-button.tsx), which this menu opens from. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/**
 * The counter's "More" menu (open item, cart discount, held carts, shortcuts, shift, clear). Loaded
 * when the button is first pointed at, focused or clicked: Menu, Popover and floating-ui are no
 * part of the counter's first load.
 */
export default function CounterMoreMenu({
  target,
  opened,
  onChange,
  store,
  empty,
  held,
  shiftsEnabled,
  onDialog,
  onClear,
}: Props) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onDialog('openItem')}>{t('counter.openItem')}</Menu.Item>
        <Menu.Item disabled={empty} onClick={() => onDialog('cartDiscount')}>
          {t('counter.cartDiscount')}
        </Menu.Item>
        <Menu.Item onClick={() => onDialog('held')}>{t('counter.heldCarts')}</Menu.Item>
        <Menu.Item onClick={() => onDialog('help')}>{t('counter.shortcuts')}</Menu.Item>
        {shiftsEnabled && (
          <Menu.Item component={Link} to={paths.shopShift(store)}>
            {t('nav.shift')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" disabled={empty} onClick={onClear}>
          {held ? t('counter.closeHeld') : t('counter.clear')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
