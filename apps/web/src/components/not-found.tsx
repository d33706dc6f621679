import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '../lib/router/index.ts';
import { useTranslation } from '../lib/i18n/use-translation.ts';

interface Props {
  title?: string;
  text?: string;
  homeTo?: string;
  /** What the round badge shows; "404" by default. */
  badge?: ReactNode;
}

/** A clear dead end with one way out, for unknown addresses and screens that do not exist yet. */
export function NotFound({ title, text, homeTo = '/', badge }: Props) {
  const { t } = useTranslation();
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden="true">
          {badge ?? (
            <Text fz={28} fw={800}>
              404
            </Text>
          )}
        </ThemeIcon>
        <Title order={1} fz={24}>
          {title ?? t('notFound.title')}
        </Title>
        <Text c="dimmed">{text ?? t('notFound.text')}</Text>
        <Button component={Link} to={homeTo} size="md">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
