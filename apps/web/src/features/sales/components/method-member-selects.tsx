import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paymentMethodsQuery, paymentMethodText } from '../../../lib/payment-methods.ts';
import { useStorePeople } from '../../../lib/store-people.ts';

interface SelectProps {
  store: string;
  /** The id in the address, if any. */
  value: string | undefined;
  onChange: (value: string) => void;
  /** Mantine sizing props of the row it sits in. */
  layout: object;
}

/**
 * The store's payment methods (named tenders), by id: the list shows the sales with a tender of
 * the chosen one. An id in the address the store no longer lists (a method taken off, a shared
 * link) stays chosen under its id, so the filter on screen is the one applied.
 */
export function MethodSelect({ store, value, onChange, layout }: SelectProps) {
  const { t } = useTranslation();
  const methods = useQuery(paymentMethodsQuery(store));
  const listed = (methods.data ?? []).map((m) => ({ value: m.id, label: paymentMethodText(t, m) }));
  const extra = value && methods.data && !listed.some((m) => m.value === value) ? [{ value, label: value }] : [];
  return (
    <Select
      aria-label={t('sales.methodFilter')}
      value={value ?? ''}
      onChange={(v) => onChange(v ?? '')}
      data={[{ value: '', label: t('sales.allMethods') }, ...listed, ...extra]}
      allowDeselect={false}
      {...layout}
    />
  );
}

/**
 * The store's members and former members (shown only to a member with REPORTS: without it the
 * list holds only one's own sales, so there is no one to choose).
 */
export function MemberSelect({ store, value, onChange, layout }: SelectProps) {
  const { t } = useTranslation();
  const people = useStorePeople(store);
  const listed = (people.data ?? []).map((p) => ({ value: p.userId, label: p.name || t('activity.formerMember') }));
  const extra = value && people.data && !listed.some((p) => p.value === value) ? [{ value, label: value }] : [];
  return (
    <Select
      aria-label={t('sales.memberFilter')}
      value={value ?? ''}
      onChange={(v) => onChange(v ?? '')}
      data={[{ value: '', label: t('sales.allMembers') }, ...listed, ...extra]}
      allowDeselect={false}
      searchable={listed.length > 8}
      {...layout}
    />
  );
}
