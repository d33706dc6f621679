import { useState } from 'react';
import { Anchor, Button, Image, Stack, Text, TextInput } from '@mantine/core';
import type { DisplayPairResponse } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { FormError } from '../../../components/form-error.tsx';
import { usePairDisplay } from '../../../lib/display-pairing/pair-display.ts';
import { pairedIds, setDisplayOn, setPairedIds } from './display-settings.ts';

/**
 * "Pair a tablet or phone": a name, then the pairing's QR in big and its address under it. This
 * device remembers the pairing and sends it each state from then on (display-live.ts).
 */
export function PairPanel({ store }: { store: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const pair = usePairDisplay();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<DisplayPairResponse | null>(null);

  const start = () =>
    pair.mutate(
      { urlName: store, body: name.trim() ? { name: name.trim() } : {} },
      {
        onSuccess: (answer) => {
          setPairedIds(store, [...pairedIds(store), answer.id]);
          setDisplayOn(store, true);
          setShown(answer);
          void import('./display-live.ts').then((m) => m.resendDisplay(store));
        },
      },
    );

  if (shown) {
    return (
      <Stack gap="xs" align="center">
        <Text size="sm" ta="center">
          {t('customerDisplay.pairScan')}
        </Text>
        <Image
          src={shown.qr}
          alt={t('customerDisplay.pairQrAlt', { name: shown.name })}
          w="min(320px, 80vw)"
          h="auto"
          bg="white"
          p="xs"
          radius="md"
          data-testid="display-pair-qr"
        />
        <Anchor
          href={shown.url}
          target="_blank"
          rel="noreferrer"
          size="sm"
          ta="center"
          style={{ overflowWrap: 'anywhere' }}
        >
          {shown.url}
        </Anchor>
        <Button variant="default" onClick={() => setShown(null)}>
          {t('customerDisplay.pairDone')}
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('customerDisplay.pairWhat')}
        </Text>
        <TextInput
          label={t('customerDisplay.pairName')}
          placeholder={t('customerDisplay.pairNamePlaceholder')}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {!online && (
          <Text size="sm" c="dimmed">
            {t('customerDisplay.needsConnection')}
          </Text>
        )}
        {pair.isError && (
          <FormError>
            {t('customerDisplay.pairFailed')}: {describeError(t, pair.error)}
          </FormError>
        )}
        <Button type="submit" loading={pair.isPending} disabled={!online}>
          {t('customerDisplay.pairButton')}
        </Button>
      </Stack>
    </form>
  );
}
