/**
 * An amount in minor units of any ISO currency, in the UI language: invoices are in the billing
 * currency, which need not be one of the store currencies (so not formatMoney's table). Intl knows
 * each currency's minor unit.
 */
export function formatInvoiceAmount(minor: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${code}`;
  }
}

/** What a year costs against twelve months, as a whole percent saved (0 when it saves nothing). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  const full = monthly * 12;
  if (full <= 0 || yearly >= full) return 0;
  return Math.round(((full - yearly) / full) * 100);
}
