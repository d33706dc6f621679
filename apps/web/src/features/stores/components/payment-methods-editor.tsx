import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAYMENT_METHODS,
  PAYMENT_METHOD_KINDS,
  paymentMethodsProblem,
  type PaymentMethod,
  type PaymentMethodKind,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { notifications } from '../../../lib/notifications.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { paymentMethodsKey, paymentMethodText, savePaymentMethods } from '../../../lib/payment-methods.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { IconChevronDown, IconPlus, IconTrash } from '../../../components/icons.tsx';

/** A row being edited: a stored method (with its id) or one added here (no id yet, `key` only). */
type Draft = Omit<PaymentMethod, 'id'> & { id?: string; key: string };

let added = 0;

/**
 * The store's payment methods: rename, reorder, disable, add; one cash method, always on. Saved as
 * one list (PUT replaces it). A stored method is disabled rather than removed, so past sales and
 * reports keep it; only a method added in this edit can be removed before saving.
 */
export function PaymentMethodsEditor({ urlName, methods }: { urlName: string; methods: PaymentMethod[] }) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const qc = useQueryClient();
  const [rows, setRows] = useState<Draft[]>(() => methods.map((m) => ({ ...m, key: m.id })));
  const save = useMutation({
    mutationFn: (list: Draft[]) =>
      savePaymentMethods(urlName, {
        methods: list.map(({ key: _key, ...m }, position) => ({ ...m, position })),
      }),
    onSuccess: (saved) => {
      qc.setQueryData(paymentMethodsKey(urlName), saved);
      notifications.show({ color: 'teal', message: t('paymentMethods.saved') });
    },
  });

  const problem = paymentMethodsProblem(rows);
  const unnamed = rows.some((r) => !r.defaultName && !r.name?.trim());
  const edit = (key: string, change: Partial<Draft>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  const add = () => {
    added += 1;
    setRows((list) => [
      ...list,
      {
        key: `new-${added}`,
        name: '',
        defaultName: null,
        kind: 'OTHER',
        needsReference: false,
        opensDrawer: false,
        enabled: true,
        position: list.length,
      },
    ]);
  };
  const kinds = PAYMENT_METHOD_KINDS.filter((k) => k !== 'CASH').map((k) => ({
    value: k,
    label: t(`paymentMethods.kinds.${k}`),
  }));

  return (
    <Stack gap="sm">
      {rows.map((row, i) => {
        const cash = row.kind === 'CASH';
        const shown = paymentMethodText(t, { name: row.name || null, defaultName: row.defaultName });
        return (
          <Paper key={row.key} withBorder radius="md" p="sm" aria-label={shown} component="fieldset" m={0}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                label={t('paymentMethods.name')}
                value={row.name ?? ''}
                placeholder={row.defaultName ? paymentMethodText(t, { name: null, defaultName: row.defaultName }) : ''}
                maxLength={40}
                onChange={(e) => edit(row.key, { name: e.currentTarget.value === '' ? null : e.currentTarget.value })}
                error={!row.defaultName && !row.name?.trim() ? t('paymentMethods.nameRequired') : undefined}
              />
              <ActionIcon
                variant="default"
                size={42}
                aria-label={t('paymentMethods.moveUp', { name: shown })}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconChevronDown size={18} style={{ transform: 'rotate(180deg)' }} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={42}
                aria-label={t('paymentMethods.moveDown', { name: shown })}
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconChevronDown size={18} />
              </ActionIcon>
            </Group>
            <Group gap="md" mt="sm" wrap="wrap" align="center">
              {cash ? (
                <Badge variant="light" color="teal" size="lg">
                  {t('paymentMethods.kinds.CASH')}
                </Badge>
              ) : (
                <Select
                  w={{ base: '100%', xs: 240 }}
                  aria-label={t('paymentMethods.kind', { name: shown })}
                  data={kinds}
                  value={row.kind}
                  allowDeselect={false}
                  onChange={(v) => v && edit(row.key, { kind: v as PaymentMethodKind })}
                />
              )}
              {cash ? null : (
                <Switch
                  label={t('paymentMethods.needsReference')}
                  checked={row.needsReference}
                  onChange={(e) => edit(row.key, { needsReference: e.currentTarget.checked })}
                />
              )}
              <Switch
                label={t('paymentMethods.opensDrawer')}
                checked={row.opensDrawer}
                onChange={(e) => edit(row.key, { opensDrawer: e.currentTarget.checked })}
              />
              {cash ? (
                <Text fz="sm" c="dimmed">
                  {t('paymentMethods.cashAlwaysOn')}
                </Text>
              ) : (
                <Switch
                  label={t('paymentMethods.enabled')}
                  checked={row.enabled}
                  onChange={(e) => edit(row.key, { enabled: e.currentTarget.checked })}
                />
              )}
              {row.id === undefined ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                >
                  {t('paymentMethods.remove')}
                </Button>
              ) : null}
            </Group>
          </Paper>
        );
      })}
      {problem ? <FormError>{t(`paymentMethods.problem.${problem}`)}</FormError> : null}
      {save.isError ? <FormError>{describeError(t, save.error)}</FormError> : null}
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_PAYMENT_METHODS}
          onClick={add}
        >
          {t('paymentMethods.add')}
        </Button>
        <Button
          loading={save.isPending}
          disabled={problem !== null || unnamed}
          onClick={() => save.mutate(rows)}
          {...lock}
        >
          {t('paymentMethods.save')}
        </Button>
      </Group>
    </Stack>
  );
}
