import { Badge, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { currencyLabel } from '@shopdesk/shared';
import { useSession } from '../../lib/session-store.ts';
import { may, screenNeed, useStoreRights } from '../../lib/store-rights.ts';
import { useUi } from '../../lib/ui-store.ts';
import { HOME_SECTIONS } from './home-sections.ts';
import { HomeCard } from './components/home-card.tsx';
import { SummaryFigures } from './components/summary-figures.tsx';
import { paths } from '../../lib/paths.ts';
import { useScanOpensCard } from '../../scanning/use-scan-opens-card.ts';

/** Home dashboard: the store's figures at a glance, then the cards of the active tab (original.md §2). */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { store = '' } = useParams();
  const tab = useUi((s) => s.activeTab);
  const user = useSession((s) => s.loggedUser);
  const virtualStore = useSession((s) => (s.virtualStore?.urlName === store ? s.virtualStore : null));
  const section = HOME_SECTIONS[tab];
  // Only the cards this member may open (lib/store-rights.ts).
  const rights = useStoreRights();
  const cards = section.cards.filter((card) => !rights || may(rights, screenNeed(card.path)));
  // A scan on home opens the product's card: nothing is held for a later screen.
  useScanOpensCard(store);

  return (
    <Container size="md" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="xs">
            <Box miw={0}>
              <Text c="dimmed" size="sm">
                {user ? t('home.greeting', { name: user.name }) : null}
              </Text>
              <Title order={1} fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {virtualStore?.name ?? store}
              </Title>
            </Box>
            {virtualStore && (
              <Group gap={6}>
                <Badge
                  tt="none"
                  variant="light"
                  size="lg"
                  radius="sm"
                  maw="100%"
                  h="auto"
                  py={4}
                  styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                >
                  {currencyLabel(virtualStore.mainCurrency, i18n.language)}
                </Badge>
                {virtualStore.secondCurrency && (
                  <Badge tt="none" variant="outline" size="lg" radius="sm">
                    {virtualStore.secondCurrency}
                  </Badge>
                )}
              </Group>
            )}
          </Group>
          <SummaryFigures store={store} />
        </Stack>
        <Box component="section" aria-labelledby="home-section-title">
          <Title order={2} id="home-section-title" fz={{ base: 24, sm: 28 }}>
            {t(`${section.key}.title`)}
          </Title>
          <Text c="dimmed" mt={4} mb="lg">
            {t(`${section.key}.subtitle`)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: Math.max(cards.length, 1) }} spacing="md">
            {cards.map((card) => (
              <HomeCard key={card.key} card={card} to={paths.store(store, card.path)} />
            ))}
          </SimpleGrid>
        </Box>
      </Stack>
    </Container>
  );
}
