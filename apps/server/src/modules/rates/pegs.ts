import type { CurrencyCode } from '@shopdesk/shared';

/**
 * Currencies the ECB does not publish that are pegged to one it does (product.md §5): their rate
 * follows the anchor's on every day the anchor has one. Values are units of the currency per unit
 * of the anchor.
 */
export const PEGS: readonly { currency: CurrencyCode; anchor: CurrencyCode; perAnchor: string }[] = [
  { currency: 'AED', anchor: 'USD', perAnchor: '3.6725' },
  { currency: 'SAR', anchor: 'USD', perAnchor: '3.75' },
  { currency: 'QAR', anchor: 'USD', perAnchor: '3.64' },
  { currency: 'BHD', anchor: 'USD', perAnchor: '0.376' },
  { currency: 'OMR', anchor: 'USD', perAnchor: '0.3845' },
  { currency: 'MOP', anchor: 'HKD', perAnchor: '1.03' },
];
