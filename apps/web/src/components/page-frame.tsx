import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';

/** Content column of the logged-in screens: a heading, an optional line under it, the content. */
export function PageFrame({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Container size={640} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
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
        {children}
      </Stack>
    </Container>
  );
}
