import { useMemo, useState } from 'react';
import { Alert, Button, Container, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_ACTIONS, formatMoney, type CurrencyCode } from '@shopdesk/shared';
import { Pager } from '../../../components/pager.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useParams } from '../../../lib/router/index.ts';
import { useSession } from '../../../lib/session-store.ts';
import { ACTIVITY_PAGE_SIZE, useActivity } from '../api/get-activity.ts';
import { useStorePeople } from '../../../lib/store-people.ts';
import type { ActivityFilters } from '../api/keys.ts';
import { ActivityRow, type ActivityFormat } from '../components/activity-row.tsx';

const NO_FILTER: ActivityFilters = { userId: '', action: '', from: '', to: '' };

function useActivityFormat(): ActivityFormat {
  const { i18n } = useTranslation();
  const store = useSession((s) => s.virtualStore);
  const locale = i18n.language;
  return useMemo(() => {
    const currency = (store?.mainCurrency ?? 'USD') as CurrencyCode;
    let dateTime: Intl.DateTimeFormat;
    try {
      // The store's time zone: where the till is, whatever the viewing device says.
      dateTime = new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: store?.timezone,
      });
    } catch {
      dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    }
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      money: (minor: number) => formatMoney(minor, currency, locale),
    };
  }, [locale, store?.mainCurrency, store?.timezone]);
}

/**
 * /{store}/shop/activity: the store's audit log — who sold, refunded, changed stock, products,
 * cargos, shifts, settings and members, and when — filtered by member, action and the store's
 * dates, fifty to a page.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTER);
  const [page, setPage] = useState(0);
  const log = useActivity(store, page, filters);
  const people = useStorePeople(store);
  const format = useActivityFormat();
  const update = (patch: Partial<ActivityFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const filtered = Object.values(filters).some((v) => v !== '');
  const pages = log.data ? Math.ceil(log.data.total / ACTIVITY_PAGE_SIZE) : 0;
  const half = phone ? { style: { flex: 1, minWidth: 0 } } : { w: 200 };

  const actions = AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`activity.action.${a}`) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );

  return (
    <Container size={820} px={{ base: 'sm', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz={24}>
            {t('activity.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('activity.description')}
          </Text>
        </div>
        <Stack gap="sm" component="form" role="search" aria-label={t('activity.filters')}>
          <Group gap="sm" wrap={phone ? 'nowrap' : 'wrap'}>
            <Select
              label={t('activity.member')}
              value={filters.userId}
              onChange={(v) => update({ userId: v ?? '' })}
              data={[
                { value: '', label: t('activity.everyone') },
                ...(people.data ?? []).map((p) => ({ value: p.userId, label: p.name })),
              ]}
              allowDeselect={false}
              searchable
              {...half}
            />
            <Select
              label={t('activity.actionFilter')}
              value={filters.action}
              onChange={(v) => update({ action: v ?? '' })}
              data={[{ value: '', label: t('activity.allActions') }, ...actions]}
              allowDeselect={false}
              searchable
              {...half}
            />
          </Group>
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              type="date"
              label={t('activity.from')}
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => update({ from: e.currentTarget.value })}
              {...half}
            />
            <TextInput
              type="date"
              label={t('activity.to')}
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => update({ to: e.currentTarget.value })}
              {...half}
            />
            {!phone && filtered && (
              <Button variant="subtle" onClick={() => update(NO_FILTER)}>
                {t('activity.clear')}
              </Button>
            )}
          </Group>
          {phone && filtered && (
            <Button variant="subtle" onClick={() => update(NO_FILTER)} fullWidth>
              {t('activity.clear')}
            </Button>
          )}
        </Stack>

        {log.error && (
          <Alert color="red" role="alert">
            {describeError(t, log.error)}
          </Alert>
        )}
        {log.isPending && !log.error && (
          <Stack gap="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
          </Stack>
        )}
        {log.data && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('activity.count', { count: log.data.total })}
            </Text>
            {log.data.items.length === 0 ? (
              <Text ta="center" c="dimmed" py="xl">
                {filtered ? t('activity.noneFiltered') : t('activity.none')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {log.data.items.map((event) => (
                  <ActivityRow key={`${event.action}-${event.id}`} event={event} format={format} />
                ))}
              </Stack>
            )}
            <Pager page={page} pages={pages} onChange={setPage} compact={phone} mt="sm" />
          </>
        )}
      </Stack>
    </Container>
  );
}
