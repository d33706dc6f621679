import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Cargo } from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconBack, IconCheck, IconEdit, IconPrinter, IconTrash, IconTruck } from '../../../components/icons.tsx';
import { useOnline } from '../../../lib/connectivity.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useCargo } from '../api/get-cargo.ts';
import { useDeleteCargo } from '../api/create-cargo.ts';
import { useMarkCargo } from '../api/mark-cargo.ts';
import { useWaitingCounts } from '../hooks/use-waiting-counts.ts';
import { CargoStatusBadge } from '../components/cargo-status-badge.tsx';
import { useFormatCargoMoney } from '../components/cargo-money.ts';
import { useFormatCargoTime } from '../components/cargo-time.ts';
import { ContentsView } from '../components/contents-view.tsx';
import { LabelsModal } from '../components/labels-modal.tsx';
import { CargoError, CargoNotFound, isCargoCode } from '../components/limit-notice.tsx';
import { TransferPanel } from '../components/transfer-panel.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/store-rights.ts';

function Figure({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} c={color}>
        {value}
      </Text>
    </Box>
  );
}

function Totals({ cargo }: { cargo: Cargo }) {
  const { t } = useTranslation();
  const money = useFormatCargoMoney();
  const received = cargo.totalReceivedQuantity;
  const diff = received === null ? 0 : received - cargo.totalQuantity;
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 2, sm: received === null ? 3 : 4 }} spacing="md">
        <Figure label={t('cargo.fields.lines')} value={cargo.itemCount} />
        <Figure label={t('cargo.fields.totalQuantity')} value={cargo.totalQuantity} />
        {received !== null && (
          <Figure
            label={t('cargo.fields.received')}
            value={
              diff === 0
                ? received
                : `${received} (${diff < 0 ? t('cargo.diff.short', { count: -diff }) : t('cargo.diff.over', { count: diff })})`
            }
            color={diff < 0 ? 'red' : diff > 0 ? 'orange' : undefined}
          />
        )}
        <Figure label={t('cargo.fields.totalValue')} value={money(cargo.totalValue, cargo.currency)} />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * /{store}/cargo/manage/{cargoCode}: one cargo with its totals and contents, marked arrived (its
 * goods enter stock) or not arrived again, deleted, handed over (?transfer=true), and shelf
 * labels for what arrived. A TRANSFERRED cargo is read-only and shows the receiver's counts.
 */
export default function CargoDetailPage() {
  const { t } = useTranslation();
  const { store = '', cargoCode = '' } = useParams();
  const code = cargoCode.toUpperCase();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const transferMode = params.get('transfer') === 'true';
  const online = useOnline();
  const formatTime = useFormatCargoTime();
  const valid = isCargoCode(code);
  const cargo = useCargo(store, valid ? code : undefined);
  const mark = useMarkCargo(store, code);
  const remove = useDeleteCargo(store);
  const [asking, setAsking] = useState<'arrived' | 'not-arrived' | 'delete' | null>(null);
  const [labels, setLabels] = useState(false);
  // Editing a cargo needs CARGO, arriving and handing it over CARGO_RECEIVE (product.md §2).
  const editing = usePermission('CARGO');
  const receiving = usePermission('CARGO_RECEIVE');
  const waiting = useWaitingCounts(store, code);

  const setTransfer = (on: boolean) =>
    setParams(on ? new URLSearchParams({ transfer: 'true' }) : new URLSearchParams(), { replace: true });

  let body: ReactNode;
  if (!valid) body = <CargoNotFound store={store} />;
  else if (cargo.isPending) body = <Skeleton h={360} radius="lg" />;
  else if (cargo.isError) body = <CargoError store={store} error={cargo.error} />;
  else {
    const c = cargo.data;
    const own = c.transferredFrom === null;
    const open = c.status === 'NOT_ARRIVED';
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="nowrap">
              <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
                {c.name}
              </Title>
              <CargoStatusBadge status={c.status} />
            </Group>
            <Text c="dimmed" mt={4}>
              <Text span ff="monospace">
                {c.code}
              </Text>
              {c.origin ? ` · ${c.origin}` : ''}
            </Text>
            {c.transferredFrom && (
              <Text fz="sm" mt={4}>
                {t('cargo.detail.from', { store: c.transferredFrom })}
              </Text>
            )}
            {c.note && (
              <Text fz="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {c.note}
              </Text>
            )}
          </Box>
          <Group gap="xs">
            {open && own && editing.allowed && (
              <Button
                component={Link}
                to={paths.cargoNew(store, c.code)}
                variant="default"
                leftSection={<IconEdit size={18} />}
              >
                {t('cargo.detail.edit')}
              </Button>
            )}
            {open && (
              <Button
                variant={transferMode ? 'filled' : 'default'}
                leftSection={<IconTruck size={18} />}
                onClick={() => setTransfer(!transferMode)}
                aria-pressed={transferMode}
                disabled={!online || !receiving.allowed}
                title={receiving.reason || undefined}
              >
                {t('cargo.detail.transfer')}
              </Button>
            )}
            {open && (
              <Button
                leftSection={<IconCheck size={18} />}
                onClick={() => setAsking('arrived')}
                disabled={!online || waiting > 0 || !receiving.allowed}
                title={receiving.reason || (waiting > 0 ? t('cargo.detail.waitForCounts') : undefined)}
              >
                {t('cargo.detail.markArrived')}
              </Button>
            )}
            {c.status === 'ARRIVED' && (
              <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => setLabels(true)}>
                {t('cargo.detail.labels')}
              </Button>
            )}
            {c.status === 'ARRIVED' && (
              <Button
                variant="default"
                onClick={() => setAsking('not-arrived')}
                disabled={!online || !receiving.allowed}
                title={receiving.reason || undefined}
              >
                {t('cargo.detail.markNotArrived')}
              </Button>
            )}
            {c.status !== 'ARRIVED' && editing.allowed && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => setAsking('delete')}
                disabled={!online}
              >
                {t('cargo.detail.delete')}
              </Button>
            )}
          </Group>
        </Group>
        {c.status !== 'TRANSFERRED' && (!editing.allowed || !receiving.allowed) && (
          <Text size="sm" c="dimmed">
            {[editing.reason, receiving.reason].filter(Boolean).join(' ')}
          </Text>
        )}
        {c.status === 'TRANSFERRED' && (
          <Alert
            color="gray"
            role="status"
            title={t('cargo.detail.transferredTitle', { store: c.transferredTo ?? '' })}
          >
            {t('cargo.detail.transferredText')}
          </Alert>
        )}
        {c.status === 'ARRIVED' && c.arrivedAt && (
          <Alert color="teal" role="status">
            {t('cargo.detail.arrivedText', {
              at: formatTime(c.arrivedAt),
            })}
          </Alert>
        )}
        {transferMode && open && <TransferPanel store={store} cargo={c} onDone={() => setTransfer(false)} />}
        <Totals cargo={c} />
        <ContentsView store={store} cargo={c} />
        <ConfirmDialog
          opened={asking !== null}
          title={
            asking === 'arrived'
              ? t('cargo.detail.arrivedTitle')
              : asking === 'not-arrived'
                ? t('cargo.detail.notArrivedTitle')
                : t('cargo.detail.deleteTitle')
          }
          message={
            asking === 'arrived'
              ? t(own ? 'cargo.detail.arrivedConfirm' : 'cargo.detail.arrivedConfirmReceived', {
                  count: c.totalReceivedQuantity ?? c.totalQuantity,
                })
              : asking === 'not-arrived'
                ? t('cargo.detail.notArrivedConfirm')
                : t('cargo.detail.deleteConfirm', { name: c.name })
          }
          confirmLabel={
            asking === 'arrived'
              ? t('cargo.detail.markArrived')
              : asking === 'not-arrived'
                ? t('cargo.detail.markNotArrived')
                : t('cargo.detail.delete')
          }
          danger={asking === 'delete'}
          busy={mark.isPending || remove.isPending}
          onCancel={() => {
            mark.reset();
            remove.reset();
            setAsking(null);
          }}
          onConfirm={() => {
            if (asking === 'delete')
              remove.mutate(c.code, { onSuccess: () => navigate(paths.cargoList(store), { replace: true }) });
            else if (asking) mark.mutate(asking, { onSuccess: () => setAsking(null) });
          }}
        >
          {(mark.error ?? remove.error) && (
            <Alert color="red" role="alert">
              {describeError(t, mark.error ?? remove.error)}
            </Alert>
          )}
        </ConfirmDialog>
        <LabelsModal store={store} cargo={c} opened={labels} onClose={() => setLabels(false)} />
      </Stack>
    );
  }

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Button
          component={Link}
          to={paths.cargoList(store)}
          variant="subtle"
          leftSection={<IconBack size={18} />}
          px={4}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('cargo.list.title')}
        </Button>
        {body}
      </Stack>
    </Container>
  );
}
