import { useEffect, useState } from 'react';
import { ActionIcon, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { TRANSACTION_STATUSES } from '@shopdesk/shared';
import { IconBack, IconChevronRight } from '../../../components/icons.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { monthLabel, shiftMonth } from '../model/month.ts';
import { MemberSelect, MethodSelect } from './method-member-selects.tsx';
import type { useListState } from './use-list-state.ts';

type ListState = ReturnType<typeof useListState>;

interface Props {
  store: string;
  list: ListState;
  phone: boolean;
  /** Offer the member filter (REPORTS: without it the list holds only one's own sales). */
  byMember: boolean;
}

/** The month (or date range) and the filters of the sales list. */
export function SalesFilters({ store, list, phone, byMember }: Props) {
  const { t, i18n } = useTranslation();
  const { state, update, setMode, rangeOnly } = list;
  // The search box answers every key at once; the list asks the server when typing pauses.
  const [q, setQ] = useState(state.q);
  const [debounced] = useDebouncedValue(q.trim(), 350);
  useEffect(() => {
    if (debounced !== state.q) update({ q: debounced });
    // Only a new debounced value asks again; the address changing under it (back button) does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const half = phone ? { style: { flex: 1, minWidth: 0 } } : { w: 200 };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {!rangeOnly && (
          <SegmentedControl
            value={state.mode}
            onChange={(m) => setMode(m as 'month' | 'range')}
            data={[
              { value: 'month', label: t('sales.byMonth') },
              { value: 'range', label: t('sales.byDates') },
            ]}
            aria-label={t('sales.period')}
            w={phone ? '100%' : undefined}
          />
        )}
        {state.mode === 'month' ? (
          <Group gap={4} wrap="nowrap" style={phone ? { flex: '1 1 100%' } : undefined} justify="space-between">
            <ActionIcon
              variant="default"
              size={40}
              onClick={() => update({ month: shiftMonth(state.month, -1) })}
              aria-label={t('sales.previousMonth')}
            >
              <IconBack size={18} />
            </ActionIcon>
            <Text
              fw={700}
              ta="center"
              miw={150}
              style={phone ? { flex: 1 } : undefined}
              aria-live="polite"
              data-testid="sales-month"
            >
              {monthLabel(state.month, i18n.language)}
            </Text>
            <ActionIcon
              variant="default"
              size={40}
              onClick={() => update({ month: shiftMonth(state.month, 1) })}
              aria-label={t('sales.nextMonth')}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        ) : (
          <Group gap="sm" wrap="nowrap" style={phone ? { flex: '1 1 100%' } : undefined}>
            <TextInput
              type="date"
              label={t('sales.from')}
              value={state.from}
              max={state.to}
              onChange={(e) => e.currentTarget.value && update({ from: e.currentTarget.value, to: state.to })}
              {...half}
            />
            <TextInput
              type="date"
              label={t('sales.to')}
              value={state.to}
              min={state.from}
              onChange={(e) => e.currentTarget.value && update({ from: state.from, to: e.currentTarget.value })}
              {...half}
            />
          </Group>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <SearchInput
          label={t('sales.search')}
          placeholder={t('sales.searchPlaceholder')}
          value={q}
          onChange={setQ}
          fullRow={phone}
          minWidth={200}
        />
        <Group gap="sm" wrap="nowrap" style={phone ? { flex: '1 1 100%' } : undefined}>
          <Select
            aria-label={t('sales.statusFilter')}
            value={state.status ?? ''}
            onChange={(v) => update({ status: v ?? '' })}
            data={[
              { value: '', label: t('sales.allPaid') },
              ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`sales.status.${s}`) })),
            ]}
            allowDeselect={false}
            {...half}
          />
          <MethodSelect store={store} value={state.method} onChange={(method) => update({ method })} layout={half} />
        </Group>
        {byMember && (
          <MemberSelect
            store={store}
            value={state.member}
            onChange={(member) => update({ member })}
            layout={phone ? { style: { flex: '1 1 100%' } } : { w: 200 }}
          />
        )}
      </Group>
    </Stack>
  );
}
