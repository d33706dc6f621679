import {
  ActionIcon,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { BARCODE_RULE_VALUES, barcodeRuleProblems, type BarcodeRule, type BarcodeRuleValue } from '@shopdesk/shared';
import { IconChevronDown, IconTrash } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

interface Props {
  rule: BarcodeRule;
  index: number;
  count: number;
  onChange: (rule: BarcodeRule) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** The 13 digits a rule reads, as letters: P prefix, I item, V value, C check digits. */
function layoutText(rule: BarcodeRule): string {
  const check = rule.valueCheckDigit ? 'c' : '';
  return `${rule.prefix} ${'I'.repeat(Math.max(rule.itemDigits, 0))} ${check}${'V'.repeat(Math.max(rule.valueDigits, 0))} C`;
}

const digits = (v: string | number) => (typeof v === 'number' ? v : Number.parseInt(v, 10) || 0);

/** One rule of the editor: its parts, its place in the order and what is wrong with it. */
export function BarcodeRuleRow({ rule, index, count, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const problems = barcodeRuleProblems(rule);
  const set = (patch: Partial<BarcodeRule>) => onChange({ ...rule, ...patch });
  const n = index + 1;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={t('barcodeRules.ruleN', { n })}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {t('barcodeRules.ruleN', { n })}
          </Text>
          <Text ff="monospace" fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {layoutText(rule)}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('barcodeRules.moveUp', { n })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <IconChevronDown size={18} style={{ transform: 'rotate(180deg)' }} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('barcodeRules.moveDown', { n })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconChevronDown size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('barcodeRules.remove', { n })}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
        <TextInput
          label={t('barcodeRules.prefix')}
          value={rule.prefix}
          onChange={(e) => set({ prefix: e.currentTarget.value.replace(/\D/g, '').slice(0, 6) })}
          inputMode="numeric"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          error={problems.includes('PREFIX')}
        />
        <NumberInput
          label={t('barcodeRules.itemDigits')}
          value={rule.itemDigits}
          onChange={(v) => set({ itemDigits: digits(v) })}
          min={1}
          max={10}
          allowDecimal={false}
          allowNegative={false}
          error={problems.includes('LENGTH')}
        />
        <NativeSelect
          label={t('barcodeRules.value')}
          value={rule.value}
          onChange={(e) => {
            const value = e.currentTarget.value as BarcodeRuleValue;
            set(value === 'COUNT' ? { value, decimals: 0 } : { value });
          }}
          data={BARCODE_RULE_VALUES.map((v) => ({ value: v, label: t(`barcodeRules.values.${v}`) }))}
        />
        <NumberInput
          label={t('barcodeRules.valueDigits')}
          value={rule.valueDigits}
          onChange={(v) => set({ valueDigits: digits(v) })}
          min={1}
          max={10}
          allowDecimal={false}
          allowNegative={false}
          error={problems.includes('LENGTH')}
        />
        <NumberInput
          label={t('barcodeRules.decimals')}
          value={rule.decimals}
          onChange={(v) => set({ decimals: digits(v) })}
          min={0}
          max={3}
          allowDecimal={false}
          allowNegative={false}
          disabled={rule.value === 'COUNT'}
          error={problems.includes('DECIMALS')}
        />
        <Checkbox
          mt={30}
          label={t('barcodeRules.valueCheckDigit')}
          checked={rule.valueCheckDigit}
          onChange={(e) => set({ valueCheckDigit: e.currentTarget.checked })}
          error={problems.includes('VALUE_CHECK_DIGITS')}
        />
      </SimpleGrid>
      {problems.length > 0 && (
        <Text c="red" fz="sm" mt="xs" role="alert">
          {problems.map((p) => t(`barcodeRules.problems.${p}`)).join(' ')}
        </Text>
      )}
    </Paper>
  );
}
