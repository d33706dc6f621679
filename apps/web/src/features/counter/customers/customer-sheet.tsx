import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { notifications } from '../../../lib/notifications.ts';
import type { CounterCustomer } from '../cart/cart.ts';
import { createAtCounter, findCustomers } from './customer-lookup.ts';

interface Props {
  store: string;
  /** Points are shown only when the store's loyalty is on. */
  showPoints: boolean;
  onAttach(customer: CounterCustomer): void;
  onClose(): void;
}

/**
 * Finding the sale's customer: a search as one types (name, furigana, phone, member code; offline
 * among the customers this device has seen), or a new customer from just a name or a phone.
 * Full screen on a phone.
 */
export function CustomerSheet({ store, showPoints, onAttach, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const [creating, setCreating] = useState(false);
  const found = useQuery({
    queryKey: ['counter-customers', store.toLowerCase(), debounced],
    queryFn: ({ signal }) => findCustomers(store, debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  const results = found.data?.customers ?? [];

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      radius={phone ? 0 : 'lg'}
      title={creating ? t('counterCustomer.newTitle') : t('counterCustomer.sheetTitle')}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      {creating ? (
        <NewCustomerForm
          store={store}
          initial={q}
          onBack={() => setCreating(false)}
          onCreated={(customer) => {
            onAttach(customer);
            onClose();
          }}
        />
      ) : (
        <Stack gap="sm">
          <TextInput
            data-autofocus
            label={t('counterCustomer.searchLabel')}
            placeholder={t('counterCustomer.searchPlaceholder')}
            size={phone ? 'lg' : 'md'}
            autoComplete="off"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            rightSection={found.isFetching ? <Loader size="xs" /> : null}
          />
          {found.data?.local ? (
            <Text size="sm" c="orange.8">
              {t('counterCustomer.local')}
            </Text>
          ) : null}
          {found.isError ? (
            <Alert color="red" role="alert">
              {describeError(t, found.error)}
            </Alert>
          ) : null}
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            aria-label={t('counterCustomer.results')}
            style={{ listStyle: 'none' }}
          >
            {results.map((c) => (
              <li key={c.id}>
                <UnstyledButton
                  w="100%"
                  p="sm"
                  className="counter-customer-result"
                  style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)' }}
                  onClick={() => {
                    onAttach(c);
                    onClose();
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={700} truncate>
                        {c.name || '—'}
                      </Text>
                      {c.nameKana ? (
                        <Text size="xs" c="dimmed" truncate>
                          {c.nameKana}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {[c.code, c.phoneLast4 ? t('counterCustomer.phoneLast4', { digits: c.phoneLast4 }) : '']
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                    {showPoints ? (
                      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {t('counterCustomer.balance', { count: c.pointsBalance })}
                      </Text>
                    ) : null}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
          {found.isSuccess && results.length === 0 && !found.isFetching ? (
            <Text c="dimmed">{t('counterCustomer.noResults')}</Text>
          ) : null}
          <Button variant="light" onClick={() => setCreating(true)} size={phone ? 'lg' : 'md'}>
            {t('counterCustomer.newTitle')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

function NewCustomerForm({
  store,
  initial,
  onBack,
  onCreated,
}: {
  store: string;
  initial: string;
  onBack(): void;
  onCreated(customer: CounterCustomer): void;
}) {
  const { t } = useTranslation();
  // What was searched starts the form: digits as the phone, anything else as the name.
  const digitsOnly = /^[\d\s+()-]+$/.test(initial.trim());
  const [name, setName] = useState(digitsOnly ? '' : initial.trim());
  const [phoneText, setPhone] = useState(digitsOnly ? initial.trim() : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = name.trim() === '' && phoneText.trim() === '';

  const submit = async () => {
    if (empty) return setError(t('counterCustomer.nameOrPhone'));
    setBusy(true);
    setError(null);
    const outcome = await createAtCounter(store, { name, phone: phoneText });
    setBusy(false);
    if (!outcome.ok) return setError(describeError(t, outcome.error));
    if (outcome.queued) notifications.show({ color: 'blue', message: t('counterCustomer.queued') });
    onCreated(outcome.customer);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('counterCustomer.newHint')}
        </Text>
        <TextInput
          data-autofocus
          label={t('counterCustomer.name')}
          maxLength={80}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label={t('counterCustomer.phone')}
          maxLength={30}
          inputMode="tel"
          autoComplete="off"
          value={phoneText}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={busy}>
            {t('counterCustomer.back')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('counterCustomer.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
