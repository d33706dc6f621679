import type { ReactNode } from 'react';
import { Container, Group, Stack, Text, Title } from '@mantine/core';

/** Content column of the logged-in screens: a heading, an optional line under it, the content. */
interface Props {
  title: string;
  description?: string;
  /** A main action shown beside the heading, e.g. "Create store". */
  action?: ReactNode;
  children: ReactNode;
}

export function PageFrame({ title, description, action, children }: Props) {
  return (
    <Container size={640} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
          <div>
            <Title order={2} fz={24}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {action}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
