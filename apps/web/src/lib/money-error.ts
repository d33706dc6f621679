import { MoneyParseError, type CurrencyCode } from '@shopdesk/shared';
import type { TFunction } from './i18n/types.ts';

/**
 * The sentence for an amount a person typed that `parseMoney` refused, in the user's language and
 * with an example in the currency: "Enter a price like 4.50", "A price cannot be negative…". `what`
 * names the field: a price, or any other amount.
 */
export function moneyErrorText(
  t: TFunction,
  error: unknown,
  currency: CurrencyCode,
  what: 'price' | 'amount' = 'amount',
): string {
  if (!(error instanceof MoneyParseError)) return t('errors.unexpected');
  const example = error.example;
  switch (error.problem) {
    case 'negative':
      return t(`moneyInput.negative.${what}`);
    case 'decimals':
      return t(example.includes('.') ? 'moneyInput.decimals' : 'moneyInput.noDecimals', {
        currency,
        example,
        count: example.split('.')[1]?.length ?? 0,
      });
    case 'tooLarge':
      return t('moneyInput.tooLarge');
    default:
      return t(`moneyInput.notANumber.${what}`, { example });
  }
}
