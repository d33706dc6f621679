import type { ReactElement } from 'react';
import { Menu, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { usePermission } from '../../../lib/store-rights.ts';

export type MoreMenuDialog = 'openItem' | 'giftCard' | 'cartDiscount' | 'held' | 'help' | 'till' | 'noSale' | 'display';

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
 * The counter's "More" menu (open item, gift card, cart discount, held carts, shortcuts, till, no sale,
 * customer display, shift, clear). Loaded
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
        <OpenItemItem onOpen={() => onDialog('openItem')} />
        <GiftCardItem onOpen={() => onDialog('giftCard')} />
        <Menu.Item disabled={empty} onClick={() => onDialog('cartDiscount')}>
          {t('counter.cartDiscount')}
        </Menu.Item>
        <Menu.Item onClick={() => onDialog('held')}>{t('counter.heldCarts')}</Menu.Item>
        <Menu.Item onClick={() => onDialog('help')}>{t('counter.shortcuts')}</Menu.Item>
        <Menu.Item onClick={() => onDialog('till')}>{t('till.menu')}</Menu.Item>
        <NoSaleItem onOpen={() => onDialog('noSale')} />
        <Menu.Item onClick={() => onDialog('display')}>{t('counter.customerDisplay')}</Menu.Item>
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

/** "Open item": disabled, saying why, for a member without OPEN_PRICE (a till member asks for an approval at payment). */
function OpenItemItem({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const right = usePermission('OPEN_PRICE');
  return (
    <Menu.Item disabled={!right.allowed} onClick={onOpen}>
      {t('counter.openItem')}
      {!right.allowed && (
        <Text size="xs" c="dimmed" maw={240}>
          {right.reason}
        </Text>
      )}
    </Menu.Item>
  );
}

/** "Gift card": sells a card; disabled offline, saying why (the server activates the card when the sale completes). */
function GiftCardItem({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <Menu.Item disabled={!online} onClick={onOpen}>
      {t('counterGiftCard.menu')}
      {!online && (
        <Text size="xs" c="dimmed" maw={240}>
          {t('counterGiftCard.sellOffline')}
        </Text>
      )}
    </Menu.Item>
  );
}

/**
 * "No sale": opens the drawer without a sale. Disabled, saying why, for a member without NO_SALE
 * (a till member who lacks it gets the approval dialog instead) and offline: the server records
 * every opening before the drawer opens.
 */
function NoSaleItem({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const right = usePermission('NO_SALE');
  const why = !right.allowed ? right.reason : online ? '' : t('counter.noSale.needsConnection');
  return (
    <Menu.Item disabled={why !== ''} onClick={onOpen}>
      {t('counter.noSale.menu')}
      {why && (
        <Text size="xs" c="dimmed" maw={240}>
          {why}
        </Text>
      )}
    </Menu.Item>
  );
}
