import { Badge, Box, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconChevronRight } from '../../../components/icons.tsx';
import type { HomeCardDef } from '../home-sections.ts';

interface Props {
  card: HomeCardDef;
  /** Where the card leads (the store's path of `card.path`). */
  to: string;
}

/** One home card; a section that is not built yet shows "coming soon" and is not a link. */
export function HomeCard({ card, to }: Props) {
  const { t } = useTranslation();
  const body = (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color={card.ready ? undefined : 'gray'}>
          <card.icon size={26} />
        </ThemeIcon>
        {card.ready ? (
          <Box c="dimmed" aria-hidden="true">
            <IconChevronRight size={20} />
          </Box>
        ) : (
          <Badge variant="light" color="gray" tt="none" size="md" style={{ flexShrink: 0 }}>
            {t('home.comingSoon')}
          </Badge>
        )}
      </Group>
      <Text fw={800} fz="lg" mt="md" style={{ letterSpacing: '0.02em' }} c={card.ready ? undefined : 'dimmed'}>
        {t(`${card.key}.title`)}
      </Text>
      <Text c="dimmed" size="sm" mt={2}>
        {t(`${card.key}.text`)}
      </Text>
    </>
  );
  if (!card.ready) {
    return (
      <Card
        withBorder
        radius="lg"
        padding="lg"
        data-coming-soon
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))"
        style={{ borderStyle: 'dashed' }}
      >
        {body}
      </Card>
    );
  }
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      style={{ transition: 'transform 120ms ease, box-shadow 120ms ease' }}
      className="home-card"
    >
      {body}
    </Card>
  );
}
