import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatCardCode, normalizeCardCode, type CurrencyCode } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { storedValueByCode } from '../api/stored-value.ts';
import { CardCodeField } from '../stored-value/card-code-field.tsx';
import type { PaymentEntry } from './use-payment-entry.ts';
import { GIFT_CARD_ID, type CardAtCounter, type CardProblem } from './stored-value-tender.ts';

/** A card as the lookup answers it, with the code its tender names. */
export function cardFromDetail(account: Omit<CardAtCounter, 'payCode'>, payCode: string): CardAtCounter {
  const { kind, code, currency, balance, expiresAt, status } = account;
  return { kind, code, currency, balance, expiresAt, status, payCode };
}

/**
 * The gift card tender: its code typed or scanned, looked up (balance and expiry shown), and why it
 * cannot pay when it cannot. The customer's store credit comes looked up already. The amount field
 * under it takes what is due or all the card holds, whichever is less.
 */
export function StoredValuePart({
  store,
  entry,
  fmt,
  phone,
  busy,
}: {
  store: string;
  entry: PaymentEntry;
  fmt: (minor: number, currency: CurrencyCode) => string;
  phone: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const giftCard = entry.methodId === GIFT_CARD_ID;
  const { card } = entry;

  const lookUp = async (typed: string) => {
    const normalized = normalizeCardCode(typed);
    if (!/^[0-9A-Z]{8,32}$/.test(normalized)) {
      setLookupError(t('counterGiftCard.codeInvalid'));
      return;
    }
    setLooking(true);
    setLookupError(null);
    try {
      const detail = await storedValueByCode(store, normalized);
      entry.setCard(cardFromDetail(detail.account, normalized));
    } catch (e) {
      entry.setCard(null);
      setLookupError(
        e instanceof ApiRequestError && e.status === 404 ? t('counterGiftCard.unknown') : describeError(t, e),
      );
    } finally {
      setLooking(false);
    }
  };

  const problemText = (problem: CardProblem, c: CardAtCounter) => {
    const what = c.kind === 'STORE_CREDIT' ? 'credit' : 'card';
    switch (problem) {
      case 'BLOCKED':
        return t(`counterGiftCard.problem.BLOCKED.${what}`);
      case 'EXPIRED':
        return t(`counterGiftCard.problem.EXPIRED.${what}`, { date: c.expiresAt ?? '' });
      case 'EMPTY':
        return t(`counterGiftCard.problem.EMPTY.${what}`);
      case 'CURRENCY':
        return t('counterGiftCard.problem.CURRENCY', { currency: c.currency });
      case 'LOOKUP':
        return '';
    }
  };

  return (
    <Stack gap="xs" data-testid="stored-value-part">
      {giftCard && (
        // On a phone the button goes under the field, which then shows the whole code.
        <Group align="flex-end" gap="xs" wrap={phone ? 'wrap' : 'nowrap'}>
          <div style={{ flex: 1, minWidth: phone ? '100%' : 0 }}>
            <CardCodeField
              label={t('counterGiftCard.code')}
              value={code}
              size={phone ? 'lg' : 'md'}
              disabled={busy}
              error={lookupError ?? undefined}
              onChange={(value) => {
                setCode(value);
                setLookupError(null);
                if (card) entry.setCard(null);
              }}
              onScanned={(scanned) => void lookUp(scanned)}
            />
          </div>
          <Button
            h={phone ? 50 : 42}
            fullWidth={phone}
            variant="light"
            loading={looking}
            disabled={busy || code.trim() === ''}
            onClick={() => void lookUp(code)}
            mb={lookupError && !phone ? 22 : 0}
          >
            {t('counterGiftCard.lookUp')}
          </Button>
        </Group>
      )}
      {card && (
        <Paper withBorder radius="md" p="sm" data-testid="stored-value-card">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={700}>
                {card.kind === 'STORE_CREDIT'
                  ? t('paymentMethods.names.storeCredit')
                  : t('paymentMethods.names.giftCard')}
              </Text>
              {card.kind === 'GIFT_CARD' && (
                <Text size="sm" c="dimmed" ff="monospace">
                  {formatCardCode(card.code)}
                </Text>
              )}
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fw={800} fz="lg" data-testid="stored-value-balance">
                {t('counterGiftCard.balance', { amount: fmt(card.balance, card.currency as CurrencyCode) })}
              </Text>
              <Text size="sm" c="dimmed">
                {card.expiresAt
                  ? t('counterGiftCard.usableThrough', { date: card.expiresAt })
                  : t('counterGiftCard.noExpiry')}
              </Text>
            </Stack>
          </Group>
          {entry.available < card.balance && entry.available > 0 && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('counterGiftCard.leftForThis', { amount: fmt(entry.available, card.currency as CurrencyCode) })}
            </Text>
          )}
        </Paper>
      )}
      {card && entry.problem && entry.problem !== 'LOOKUP' && (
        <Alert color="red" role="alert" data-testid="stored-value-problem">
          {problemText(entry.problem, card)}
        </Alert>
      )}
      {entry.overBalance && card && (
        <Text size="sm" c="red" role="alert">
          {t('counterGiftCard.overBalance', { amount: fmt(entry.available, card.currency as CurrencyCode) })}
        </Text>
      )}
    </Stack>
  );
}
