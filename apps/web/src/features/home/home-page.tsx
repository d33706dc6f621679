import { Badge, Box, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currencyLabel } from '@shopdesk/shared';
import { useSession } from '../../lib/session-store.ts';
import { useUi } from '../../lib/ui-store.ts';
import { IconChevronRight } from '../../components/icons.tsx';
import { HOME_SECTIONS } from './home-sections.ts';
import { paths } from '../../app/paths.ts';

/** Home dashboard: the cards of the active tab (original.md §2). */
export default function HomePage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const tab = useUi((s) => s.activeTab);
  const user = useSession((s) => s.loggedUser);
  const virtualStore = useSession((s) => (s.virtualStore?.urlName === store ? s.virtualStore : null));
  const section = HOME_SECTIONS[tab];

  return (
    <Container size="md" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Box>
            <Text c="dimmed" size="sm">
              {user ? t('home.greeting', { name: user.name }) : null}
            </Text>
            <Text fw={700} fz="lg">
              {virtualStore?.name ?? store}
            </Text>
          </Box>
          {virtualStore && (
            <Group gap={6}>
              <Badge tt="none" variant="light" size="lg" radius="sm">
                {currencyLabel(virtualStore.mainCurrency)}
              </Badge>
              {virtualStore.secondCurrency && (
                <Badge tt="none" variant="outline" size="lg" radius="sm">
                  {virtualStore.secondCurrency}
                </Badge>
              )}
            </Group>
          )}
        </Group>
        <Box component="section" aria-labelledby="home-section-title">
          <Title order={2} id="home-section-title" fz={{ base: 24, sm: 28 }}>
            {t(`${section.key}.title`)}
          </Title>
          <Text c="dimmed" mt={4} mb="lg">
            {t(`${section.key}.subtitle`)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: section.cards.length }} spacing="md">
            {section.cards.map((card) => (
              <Card
                key={card.key}
                component={Link}
                to={paths.store(store, card.path)}
                withBorder
                radius="lg"
                padding="lg"
                shadow="xs"
                style={{ transition: 'transform 120ms ease, box-shadow 120ms ease' }}
                className="home-card"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={48} radius="md" variant="light">
                    <card.icon size={26} />
                  </ThemeIcon>
                  <Box c="dimmed" aria-hidden="true">
                    <IconChevronRight size={20} />
                  </Box>
                </Group>
                <Text fw={800} fz="lg" mt="md" style={{ letterSpacing: '0.02em' }}>
                  {t(`${card.key}.title`)}
                </Text>
                <Text c="dimmed" size="sm" mt={2}>
                  {t(`${card.key}.text`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>
      </Stack>
    </Container>
  );
}
