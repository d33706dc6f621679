import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  CURRENCIES,
  cardCodeSchema,
  formatMoney,
  isMemberCode,
  MAX_STORED_VALUE,
  parseMoney,
  type CurrencyCode,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { translateMessage } from '../../../lib/describe-error.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { useSession } from '../../../lib/session-store.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { amountExample } from '../../../lib/amount-example.ts';
import { CardCodeField } from './card-code-field.tsx';

export interface GiftCardSale {
  amount: number;
  /** A pre-printed card's code; absent: the server numbers a new card. */
  code?: string;
}

/** The preset amounts: ¥1,000 / ¥3,000 / ¥5,000 in a yen store, 10 / 25 / 50 of the main unit elsewhere. */
export function giftCardPresets(currency: CurrencyCode): number[] {
  if (currency === 'JPY') return [1000, 3000, 5000];
  const unit = 10 ** CURRENCIES[currency].exponent;
  return [10, 25, 50].map((n) => n * unit);
}

/**
 * Selling a gift card: an amount by preset or typed, and optionally a pre-printed card's code.
 * The card is activated by the server when the sale completes, so it is sold online only.
 */
export function GiftCardDialog({
  currency,
  taken,
  onAdd,
  onClose,
}: {
  currency: CurrencyCode;
  /** Codes already on the cart's gift card lines (one card is sold once). */
  taken: readonly string[];
  onAdd(card: GiftCardSale): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const online = useOnline();
  const presets = giftCardPresets(currency);
  const [preset, setPreset] = useState<string>(String(presets[0]));
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; code?: string }>({});
  const fmt = (minor: number) => formatMoney(minor, currency, locale);

  const submit = () => {
    const next: typeof errors = {};
    let amount = Number(preset);
    if (typed.trim()) {
      try {
        amount = parseMoney(typed, currency);
      } catch {
        amount = 0;
      }
      if (!(amount > 0) || amount > MAX_STORED_VALUE)
        next.amount = t('counterGiftCard.amountInvalid', { example: amountExample(currency, 2500) });
    }
    let cardCode: string | undefined;
    if (code.trim()) {
      const parsed = cardCodeSchema.safeParse(code);
      if (!parsed.success) next.code = translateMessage(t, parsed.error.issues[0]?.message ?? '');
      else if (isMemberCode(parsed.data)) next.code = t('counterGiftCard.memberCode');
      else if (taken.includes(parsed.data)) next.code = t('counterGiftCard.codeTwice');
      else cardCode = parsed.data;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) onAdd({ amount, ...(cardCode ? { code: cardCode } : {}) });
  };

  return (
    <Modal opened onClose={onClose} title={t('counterGiftCard.sellTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {!online && (
            <Alert color="orange" role="alert">
              {t('counterGiftCard.sellOffline')}
            </Alert>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500} id="gift-card-presets">
              {t('counterGiftCard.amount')}
            </Text>
            <SegmentedControl
              fullWidth
              size="md"
              aria-labelledby="gift-card-presets"
              value={typed.trim() ? '' : preset}
              onChange={(value) => {
                setPreset(value);
                setTyped('');
              }}
              data={presets.map((p) => ({ value: String(p), label: fmt(p) }))}
            />
          </Stack>
          <MoneyInput
            label={t('counterGiftCard.otherAmount')}
            value={typed}
            onChange={setTyped}
            error={errors.amount}
          />
          <CardCodeField
            label={t('counterGiftCard.printedCode')}
            description={t('counterGiftCard.printedCodeHint')}
            value={code}
            error={errors.code}
            onChange={(value) => setCode(value)}
          />
          <Text size="sm" c="dimmed">
            {t('counterGiftCard.sellNote')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!online}>
              {t('counterGiftCard.add', { amount: fmt(typed.trim() ? safeAmount(typed, currency) : Number(preset)) })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function safeAmount(text: string, currency: CurrencyCode): number {
  try {
    return Math.max(0, parseMoney(text, currency));
  } catch {
    return 0;
  }
}
