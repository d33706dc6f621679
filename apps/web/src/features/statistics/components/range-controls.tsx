import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { MAX_STATISTIC_DAYS, type StatisticGroup } from '@shopdesk/shared';
import { daysIn, groupsFor, PRESETS, type Period, type Preset } from '../model/periods.ts';

export type RangeChoice = Preset | 'custom';

interface Props {
  choice: RangeChoice;
  custom: Period;
  period: Period;
  onChoice: (choice: RangeChoice) => void;
  onCustom: (period: Period) => void;
  /** How the chart groups the period; a report without a chart leaves both out. */
  group?: StatisticGroup;
  onGroup?: (group: StatisticGroup) => void;
  /** The longest custom period, and the sentence shown past it (the sales report's by default). */
  maxDays?: number;
  tooLongText?: string;
}

/** The period (a preset or two dates) and, for a chart, how it is grouped. */
export function RangeControls(props: Props) {
  const { choice, custom, group, period, onChoice, onCustom, onGroup } = props;
  const { t } = useTranslation();
  const customError =
    choice !== 'custom'
      ? null
      : custom.to < custom.from
        ? t('statistics.toBeforeFrom')
        : daysIn(custom) > (props.maxDays ?? MAX_STATISTIC_DAYS)
          ? (props.tooLongText ?? t('statistics.tooLong'))
          : null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('statistics.period')}
        value={choice}
        onChange={(v) => v && onChoice(v as RangeChoice)}
        data={[...PRESETS, 'custom'].map((p) => ({ value: p, label: t(`statistics.presets.${p}`) }))}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      {choice === 'custom' && (
        <Group gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }} align="flex-start">
          <TextInput
            type="date"
            label={t('statistics.from')}
            value={custom.from}
            onChange={(e) => e.currentTarget.value && onCustom({ ...custom, from: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            type="date"
            label={t('statistics.to')}
            value={custom.to}
            error={customError}
            onChange={(e) => e.currentTarget.value && onCustom({ ...custom, to: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
        </Group>
      )}
      {group && onGroup && groupsFor(period).length > 1 && (
        <SegmentedControl
          aria-label={t('statistics.groupBy')}
          value={group}
          onChange={(v) => onGroup(v as StatisticGroup)}
          data={groupsFor(period).map((g) => ({ value: g, label: t(`statistics.groups.${g}`) }))}
        />
      )}
    </Group>
  );
}
