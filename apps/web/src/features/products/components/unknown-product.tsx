import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { productCodeProblem } from '@shopdesk/shared';
import { IconAlert, IconPlus } from '../../../components/icons.tsx';
import { useSuggestion } from '../api/get-suggestion.ts';
import { paths } from '../../../lib/paths.ts';

/** A code the store does not have: what is known of it, and the way to create it. */
export function UnknownProduct({ store, code }: { store: string; code: string }) {
  const { t } = useTranslation();
  const problem = productCodeProblem(code);
  const suggestion = useSuggestion(store, code, problem !== 'FORMAT');
  const s = suggestion.data;
  const valid = problem === null && (s?.valid ?? true);
  const createTo = paths.stockNew(store, new URLSearchParams({ code }));

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="unknown-title">
      <Stack gap="sm">
        <Text ff="monospace" c="dimmed" fz="sm">
          {code}
        </Text>
        <Title order={2} fz={20} id="unknown-title">
          {t('scan.unknownTitle')}
        </Title>
        {suggestion.isPending && problem !== 'FORMAT' ? (
          <Skeleton h={40} />
        ) : (
          (s?.gs1Country || s?.name) && (
            <Stack gap={6}>
              {s?.gs1Country && <Text fz="sm">{t('scan.gs1Country', { country: s.gs1Country })}</Text>}
              {s?.name && (
                <Text fz="sm">
                  {t('scan.knownElsewhere', {
                    name: [s.brand, s.name].filter(Boolean).join(' '),
                    store: s.source ?? '',
                  })}
                </Text>
              )}
            </Stack>
          )
        )}
        {!valid ? (
          <Alert color="orange" variant="light" icon={<IconAlert size={20} />} role="alert">
            {problem === 'FORMAT' ? t('scan.badFormat') : t('scan.badCheckDigit')}
          </Alert>
        ) : (
          <Text c="dimmed">{t('scan.unknownText')}</Text>
        )}
        <Group>
          <Button component={Link} to={createTo} leftSection={<IconPlus size={18} />} disabled={!valid} size="md">
            {t('scan.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
