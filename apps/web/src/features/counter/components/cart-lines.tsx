import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  asProductUnit,
  formatCardCode,
  formatQuantity,
  isMeasuredUnit,
  UNIT_SYMBOLS,
  type PricedLine,
  type ProductUnit,
} from '@shopdesk/shared';
import { IconMinus, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { formatMain, useStoreMoney, type StoreMoney } from '../../../lib/store-money.ts';
import { MAX_QUANTITY, type CartLine } from '../cart/cart.ts';

/** `0.342 kg × ¥1,980/kg` for a weighed line; null for pieces. */
function measuredLineText(line: CartLine, money: StoreMoney): string | null {
  const unit = asProductUnit(line.unit);
  if (!isMeasuredUnit(unit)) return null;
  const symbol = UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>];
  return `${formatQuantity(line.quantity, unit)} × ${formatMain(money, line.unitPrice)}/${symbol}`;
}

/**
 * The cart's lines, newest at the bottom like a paper receipt. Each line opens its editor; the
 * steppers change its quantity in one tap. A line selling more than the stock on record is
 * flagged: the sale still goes through (stock may go negative), but the cashier sees it.
 */
export function CartLines({
  lines,
  priced,
  stock,
  selectedKey,
  onSelect,
  onEdit,
  onQuantity,
  onRemove,
}: {
  lines: CartLine[];
  priced: PricedLine[];
  /** Units on record per product code, as known on this device. */
  stock: ReadonlyMap<string, number>;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onEdit: (key: string) => void;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  // A product may be on two lines (one at a changed price): the warning weighs all its units.
  const units = new Map<string, number>();
  for (const l of lines) if (l.code) units.set(l.code, (units.get(l.code) ?? 0) + l.quantity);

  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('counter.cartLines')}>
      {lines.map((line, i) => {
        const price = priced[i];
        const measured = isMeasuredUnit(asProductUnit(line.unit));
        const onRecord = line.code ? stock.get(line.code) : undefined;
        const short = onRecord !== undefined && (units.get(line.code!) ?? 0) > onRecord;
        const discounted = price && price.lineDiscount + price.cartDiscount > 0;
        const selected = line.key === selectedKey;
        const giftCard = line.giftCard;
        return (
          <Paper
            component="li"
            key={line.key}
            withBorder
            radius="md"
            px="sm"
            py={8}
            data-testid="cart-line"
            aria-current={selected || undefined}
            style={{
              borderColor: selected ? 'var(--mantine-color-blue-5)' : undefined,
              boxShadow: selected ? '0 0 0 1px var(--mantine-color-blue-5)' : undefined,
            }}
            onFocusCapture={() => onSelect(line.key)}
          >
            <Group gap="sm" wrap="nowrap" align="center">
              <UnstyledButton
                onClick={() => {
                  onSelect(line.key);
                  // A gift card is one card of its amount: nothing to edit, only to remove.
                  if (!giftCard) onEdit(line.key);
                }}
                style={{ flex: 1, minWidth: 0, minHeight: 44 }}
                aria-label={t('counter.editLine', { name: line.name })}
              >
                <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {line.name}
                </Text>
                <Group gap={6} mt={2}>
                  <Text fz="xs" c="dimmed">
                    {giftCard
                      ? giftCard.code
                        ? formatCardCode(giftCard.code)
                        : t('counterGiftCard.newCode')
                      : (measuredLineText(line, money) ?? `${line.quantity} × ${formatMain(money, line.unitPrice)}`)}
                    {line.code ? ` · ${line.code}` : ''}
                  </Text>
                  {giftCard && (
                    <Badge size="xs" variant="light" color="indigo" tt="none" data-testid="gift-card-badge">
                      {t('counterGiftCard.badge')}
                    </Badge>
                  )}
                  {line.code === null && !giftCard && (
                    <Badge size="xs" variant="light" color="gray" tt="none">
                      {t('counter.openBadge')}
                    </Badge>
                  )}
                  {line.code !== null && line.priceChanged && (
                    <Badge size="xs" variant="light" color="grape" tt="none">
                      {t('counter.priceChanged')}
                    </Badge>
                  )}
                  {line.discount && (
                    <Badge size="xs" variant="light" color="teal" tt="none">
                      {line.discount.kind === 'PERCENT'
                        ? t('counter.discountBadgePercent', { percent: line.discount.basisPoints / 100 })
                        : t('counter.discountBadge')}
                    </Badge>
                  )}
                  {short && (
                    <Badge size="xs" variant="light" color="orange" tt="none">
                      {onRecord <= 0 ? t('counter.outOfStock') : t('counter.lowStock', { count: onRecord })}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
              {/* A weighed line's quantity is the scale's: it is removed, not stepped. */}
              {measured || giftCard ? (
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={t('counter.decrease', { name: line.name })}
                  onClick={() => onRemove(line.key)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              ) : (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size={36}
                    aria-label={t('counter.decrease', { name: line.name })}
                    onClick={() => (line.quantity > 1 ? onQuantity(line.key, line.quantity - 1) : onRemove(line.key))}
                  >
                    {line.quantity > 1 ? <IconMinus size={18} /> : <IconTrash size={18} />}
                  </ActionIcon>
                  <Text w={32} ta="center" fw={700} aria-label={t('counter.quantity')}>
                    {line.quantity}
                  </Text>
                  <ActionIcon
                    variant="default"
                    size={36}
                    aria-label={t('counter.increase', { name: line.name })}
                    disabled={line.quantity >= MAX_QUANTITY}
                    onClick={() => onQuantity(line.key, line.quantity + 1)}
                  >
                    <IconPlus size={18} />
                  </ActionIcon>
                </Group>
              )}
              <Box w={{ base: 84, sm: 110 }} ta="right">
                <Text fw={700} data-testid="line-total">
                  {price ? formatMain(money, price.total) : ''}
                </Text>
                {discounted && (
                  <Text fz="xs" c="dimmed" td="line-through">
                    {formatMain(money, price.gross)}
                  </Text>
                )}
              </Box>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
