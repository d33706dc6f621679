import { formatMoney, formatQuantity, type CurrencyCode, type DisplayLine } from '@shopdesk/shared';

/** An amount as the display reads it: the shared formatting of the currency. */
export const money = (minor: number, currency: CurrencyCode): string => formatMoney(minor, currency);

/** A tax rate in basis points as a percentage in the display's language (1000 → "10%", 825 → "8.25%"). */
export function ratePercent(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** "2 × $1.50", "0.342 kg × $12.00": a line's quantity with its unit and its unit price. */
export function lineQuantity(line: DisplayLine, currency: CurrencyCode): string {
  return `${formatQuantity(line.quantity, line.unit)} × ${money(line.unitPrice, currency)}`;
}
