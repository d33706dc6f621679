import { Divider, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { isPriceOnly, useSession, type CatConfig } from '../../lib/session-store.ts';

const SWITCHES = [
  'showBrand',
  'showItemName',
  'showPrice',
  'showBarcode',
  'showBarcodeNumber',
] as const satisfies ReadonlyArray<keyof CatConfig>;

/**
 * The label switches of catConfig, kept in the session so every label prints the same way. "Price
 * only" is the one combination original.md §3 names (price on, the other four off), offered as one
 * switch; turning it off shows everything again. `showCount` false hides the copies (a batch
 * counts each label itself).
 */
export function LabelOptions({ showCount = true }: { showCount?: boolean } = {}) {
  const { t } = useTranslation();
  const config = useSession((s) => s.catConfig);
  const setCatConfig = useSession((s) => s.setCatConfig);
  return (
    <Stack gap="sm">
      <Switch
        label={t('labels.priceOnly')}
        description={t('labels.priceOnlyText')}
        checked={isPriceOnly(config)}
        onChange={(e) =>
          setCatConfig(
            e.currentTarget.checked
              ? { showPrice: true, showBrand: false, showItemName: false, showBarcode: false, showBarcodeNumber: false }
              : { showPrice: true, showBrand: true, showItemName: true, showBarcode: true, showBarcodeNumber: true },
          )
        }
      />
      <Divider />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`labels.${key}`)}
            checked={config[key]}
            onChange={(e) => setCatConfig({ [key]: e.currentTarget.checked })}
          />
        ))}
      </SimpleGrid>
      {/* A batch sets each label's copies itself. */}
      {showCount && (
        <NumberInput
          label={t('labels.count')}
          min={1}
          max={99}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={config.count}
          onChange={(v) => setCatConfig({ count: Math.max(1, Math.min(99, Number(v) || 1)) })}
          w={140}
        />
      )}
    </Stack>
  );
}
