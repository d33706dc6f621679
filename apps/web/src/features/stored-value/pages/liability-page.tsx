import { useState } from 'react';
import {
  Alert,
  Anchor,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storeToday } from '../../../lib/store-today.ts';
import { useStoredValueFormat } from '../../../lib/stored-value-format.ts';
import { paths } from '../../../lib/paths.ts';
import { IconBack } from '../../../components/icons.tsx';
import { useLiability } from '../api/get-liability.ts';
import { ThresholdPanel } from '../components/threshold-panel.tsx';
import { storedValueErrorText } from '../lib/error-text.ts';

function Figure(props: {
  label: string;
  value: string;
  sub?: string;
  strong?: boolean;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm" style={props.wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text fz="xs" c="dimmed" fw={600}>
        {props.label}
      </Text>
      <Text fz={props.strong ? 22 : 'lg'} fw={800} data-testid={props.testId}>
        {props.value}
      </Text>
      {props.sub && (
        <Text fz="xs" c="dimmed">
          {props.sub}
        </Text>
      )}
    </Paper>
  );
}

/**
 * /{store}/shop/gift-cards/liability: what the store still owes on cards and store credit at the end
 * of a date (today by default), by kind; for a yen store, the Payment Services Act's threshold with
 * its reference dates.
 */
export default function LiabilityPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const fmt = useStoredValueFormat();
  const phone = useMediaQuery('(max-width: 35.99em)');
  const today = storeToday(useSession((s) => s.virtualStore?.timezone));
  const [at, setAt] = useState(today);
  const liability = useLiability(store, at);
  const data = liability.data;
  const money = (n: number) => (data ? fmt.money(n, data.currency) : '');

  return (
    <Container size={880} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={paths.giftCards(store)}
          fz="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
        >
          <IconBack size={16} aria-hidden />
          {t('giftCards.page.back')}
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={24}>
              {t('giftCards.liability.title')}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {t('giftCards.liability.intro')}
            </Text>
          </div>
          <TextInput
            type="date"
            label={t('giftCards.liability.at')}
            value={at}
            max={today}
            onChange={(e) => e.currentTarget.value && setAt(e.currentTarget.value)}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        {liability.isError && <Alert color="red">{storedValueErrorText(t, liability.error)}</Alert>}
        {liability.isPending && <Skeleton h={300} radius="lg" />}
        {data && (
          <Stack gap="lg" style={{ opacity: liability.isPlaceholderData ? 0.6 : 1 }}>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
              <Figure
                label={t('giftCards.liability.giftCards')}
                value={money(data.giftCards.balance)}
                sub={t('giftCards.liability.cards', { count: data.giftCards.count })}
                testId="sv-liability-gift"
              />
              <Figure
                label={t('giftCards.liability.storeCredit')}
                value={money(data.storeCredit.balance)}
                sub={t('giftCards.liability.accounts', { count: data.storeCredit.count })}
                testId="sv-liability-credit"
              />
              <Figure
                label={t('giftCards.liability.total')}
                value={money(data.total)}
                sub={t('giftCards.liability.endOf', { date: fmt.day(data.at) })}
                strong
                wide={phone}
                testId="sv-liability-total"
              />
            </SimpleGrid>
            {data.threshold !== null ? (
              <ThresholdPanel liability={data} fmt={fmt} />
            ) : (
              <Text fz="sm" c="dimmed">
                {t('giftCards.liability.noThreshold')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
