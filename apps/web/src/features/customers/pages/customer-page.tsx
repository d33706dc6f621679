import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Flex,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Customer } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePermission } from '../../../lib/store-rights.ts';
import { paths } from '../../../lib/paths.ts';
import { NotFound } from '../../../components/not-found.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconBack, IconEdit, IconPrinter } from '../../../components/icons.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { CustomerHistory } from '../components/customer-history.tsx';
import { StoreCreditSection } from '../components/store-credit-section.tsx';
import { MemberQr } from '../components/member-qr.tsx';
import { MemberCardModal } from '../components/member-card-modal.tsx';
import { AdjustPointsDialog } from '../components/adjust-points-dialog.tsx';
import { displayName } from '../lib/customer-text.ts';
import { useCustomerFormat } from '../lib/use-customer-format.ts';
import type { MemberCard } from '../lib/member-card.ts';

/** One figure of the customer's totals: its label over its value. */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={800} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Contact({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('customers.fields.phone'), customer.phone],
    [t('customers.fields.email'), customer.email],
    [t('customers.fields.note'), customer.note],
  ];
  return (
    <Stack gap={6}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text fz="sm" c="dimmed" w={110} style={{ flex: 'none' }}>
              {label}
            </Text>
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      <Text fz="sm" c="dimmed">
        {customer.marketingConsent ? t('customers.page.consentYes') : t('customers.page.consentNo')}
      </Text>
    </Stack>
  );
}

/**
 * /{store}/shop/customers/{id}: who the customer is, their totals and points, the member code as a
 * QR (for their phone) and a printable card, and their history.
 */
export default function CustomerPage() {
  const { t } = useTranslation();
  const { store = '', id = '' } = useParams();
  const navigate = useNavigate();
  const money = useStoreMoney();
  const fmt = useCustomerFormat();
  const storeName = useSession((s) => s.virtualStore?.name ?? '');
  const owner = usePermission('OWNER');
  const customer = useCustomer(store, id);
  const remove = useDeleteCustomer(store);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [card, setCard] = useState<MemberCard | null>(null);

  if (customer.error instanceof ApiRequestError && customer.error.status === 404)
    return <NotFound title={t('customers.notFound')} homeTo={paths.customers(store)} />;
  const c = customer.data;
  const name = c ? displayName(t, c) : '';

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={paths.customers(store)}
          fz="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
        >
          <IconBack size={16} aria-hidden />
          {t('customers.page.back')}
        </Anchor>
        {customer.isPending && <Skeleton h={360} radius="lg" />}
        {customer.isError && <Alert color="red">{describeError(t, customer.error)}</Alert>}
        {c && (
          <>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
                {c.nameKana && <Text c="dimmed">{c.nameKana}</Text>}
                <Group gap="xs" mt={6}>
                  <Badge variant="light" tt="none" ff="monospace" size="lg" data-testid="member-code">
                    {c.code}
                  </Badge>
                  <Text fz="sm" c="dimmed">
                    {t('customers.page.since', { date: fmt.date(c.createdAt) })}
                  </Text>
                </Group>
              </div>
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconEdit size={18} />}
                  component={Link}
                  to={paths.customerEdit(store, c.id)}
                >
                  {t('customers.page.edit')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={18} />}
                  onClick={() => setCard({ storeName, customerName: name, code: c.code })}
                >
                  {t('customers.page.printCard')}
                </Button>
                {/* Points change by hand only by the owner's hand (the server checks it too). */}
                {owner.allowed && (
                  <Button variant="light" onClick={() => setAdjusting(true)}>
                    {t('customers.adjust.open')}
                  </Button>
                )}
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Figure
                label={t('customers.fields.points')}
                value={fmt.number(c.pointsBalance)}
                testId="points-balance"
              />
              <Figure label={t('customers.fields.totalSpent')} value={formatMain(money, c.totalSpent)} />
              <Figure label={t('customers.fields.visits')} value={fmt.number(c.visits)} />
              <Figure
                label={t('customers.fields.lastVisit')}
                value={c.lastVisitAt ? fmt.date(c.lastVisitAt) : t('customers.never')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
                <Title order={2} fz={18} mb="sm">
                  {t('customers.page.contact')}
                </Title>
                <Contact customer={c} />
              </Paper>
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
                <Title order={2} fz={18} mb="xs">
                  {t('customers.page.memberCode')}
                </Title>
                <Flex gap="md" direction={{ base: 'column', xs: 'row' }} align="center">
                  <MemberQr code={c.code} size={176} />
                  <Text fz="sm" c="dimmed">
                    {t('customers.page.qrHelp')}
                  </Text>
                </Flex>
              </Paper>
            </SimpleGrid>
            <StoreCreditSection store={store} customerId={c.id} />
            <CustomerHistory store={store} id={c.id} />
            <Group justify="flex-end">
              <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                {t('customers.page.delete')}
              </Button>
            </Group>
            <ConfirmDialog
              opened={confirmDelete}
              title={t('customers.delete.title')}
              message={t('customers.delete.message', { name })}
              confirmLabel={t('customers.delete.confirm')}
              danger
              busy={remove.isPending}
              onCancel={() => setConfirmDelete(false)}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(c.id);
                  notifications.show({ color: 'teal', message: t('customers.delete.done', { name }) });
                  navigate(paths.customers(store), { replace: true });
                } catch (error) {
                  setConfirmDelete(false);
                  notifications.show({ color: 'red', message: describeError(t, error) });
                }
              }}
            />
            <AdjustPointsDialog store={store} customer={c} opened={adjusting} onClose={() => setAdjusting(false)} />
          </>
        )}
      </Stack>
      <MemberCardModal card={card} onClose={() => setCard(null)} />
    </Container>
  );
}
