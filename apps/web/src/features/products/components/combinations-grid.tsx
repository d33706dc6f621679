import { Box, Checkbox, Group, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  combinations,
  comboKey,
  isTicked,
  setAllTicked,
  setTicked,
  takenCombos,
  type ItemDraft,
} from '../items/draft.ts';

const label = (draft: ItemDraft, combo: readonly string[]) =>
  combo.map((key, k) => draft.options[k]?.values.find((v) => v.key === key)?.text ?? '').join(' · ');

/**
 * Which combinations of the options become variants: all ticked at first. Two options show as a
 * size × colour table; one or three as a list. A saved variant's box stays ticked (retire it below).
 */
export function CombinationsGrid({ draft, onChange }: { draft: ItemDraft; onChange: (d: ItemDraft) => void }) {
  const { t } = useTranslation();
  const combos = combinations(draft.options).filter((c) => c.length > 0);
  if (combos.length === 0) return null;
  const taken = takenCombos(draft);
  const ticked = combos.filter((c) => isTicked(draft, comboKey(c))).length;
  const box = (combo: string[], visibleLabel: boolean) => {
    const key = comboKey(combo);
    const saved = taken.has(key);
    return (
      <Checkbox
        key={key}
        checked={isTicked(draft, key)}
        disabled={saved}
        onChange={(e) => onChange(setTicked(draft, key, e.currentTarget.checked))}
        label={visibleLabel ? label(draft, combo) : undefined}
        aria-label={visibleLabel ? undefined : label(draft, combo)}
        description={saved && visibleLabel ? t('items.combos.saved') : undefined}
      />
    );
  };
  const [rows, cols] = draft.options;
  return (
    <Box>
      <Group justify="space-between" mb="xs">
        <Text fz="sm" c="dimmed" aria-live="polite">
          {t('items.combos.count', { count: ticked, total: combos.length })}
        </Text>
        <Checkbox
          label={t('items.combos.all')}
          checked={ticked === combos.length}
          indeterminate={ticked > 0 && ticked < combos.length}
          onChange={(e) => onChange(setAllTicked(draft, e.currentTarget.checked))}
        />
      </Group>
      {draft.options.length === 2 && rows && cols ? (
        <ScrollArea type="auto">
          <Table withTableBorder withColumnBorders w="auto" aria-label={t('items.combos.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {rows.name} \ {cols.name}
                </Table.Th>
                {cols.values.map((c) => (
                  <Table.Th key={c.key} ta="center">
                    {c.text}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.values.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Th fw={600}>{r.text}</Table.Th>
                  {cols.values.map((c) => (
                    <Table.Td key={c.key}>
                      <Group justify="center">{box([r.key, c.key], false)}</Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
          {combos.map((c) => box(c, true))}
        </SimpleGrid>
      )}
      {taken.size > 0 && (
        <Text fz="xs" c="dimmed" mt={6}>
          {t('items.combos.savedNote')}
        </Text>
      )}
    </Box>
  );
}
