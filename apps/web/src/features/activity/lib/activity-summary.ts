import {
  ADJUSTMENT_REASONS,
  CURRENCY_CODES,
  DEFAULT_PAYMENT_METHODS,
  formatMoney,
  isPermission,
  paymentMethodNameKey,
  type AuditEvent,
  type CurrencyCode,
  type DefaultPaymentMethod,
} from '@shopdesk/shared';
import type { TFunction } from '../../../lib/i18n/types.ts';

/** What the log's sentences need of the reader: their language and the store's money. */
export interface SummaryFormat {
  locale: string;
  /** Minor units of the store's main currency. */
  money: (minor: number) => string;
}

const ROLES = new Set(['OWNER', 'MANAGER', 'CASHIER']);
const TAX_MODES = new Set(['NONE', 'INCLUSIVE', 'EXCLUSIVE']);
const WHOLE = /^[+-]?\d+$/;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

/** Items joined as the reader's language lists them (", " in English, "、" in Japanese). */
const list = (t: TFunction, items: string[]) => items.join(t('activity.summary.listSeparator'));

const percent = (bp: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bp / 100)}%`;

const role = (t: TFunction, code: string) => t(`members.roles.${code}`);

/** "INCLUSIVE 1000 0": tax mode, default rate (basis points), cash rounding (minor units). */
function saleSettings(t: TFunction, summary: string, f: SummaryFormat): string | null {
  const [mode, rate, rounding] = summary.split(' ');
  if (!mode || !TAX_MODES.has(mode) || !WHOLE.test(rate ?? '') || !WHOLE.test(rounding ?? '')) return null;
  const step = Number(rounding);
  return t('activity.summary.saleSettings', {
    mode: t(`saleSettings.mode.${mode}`),
    rate: percent(Number(rate), f.locale),
    rounding:
      step === 0 ? t('activity.summary.noCashRounding') : t('activity.summary.cashRounding', { amount: f.money(step) }),
  });
}

/** "MANAGER SELL,REPORTS max 500": the member's role, permissions and largest discount (basis points). */
function memberEdit(t: TFunction, summary: string, f: SummaryFormat): string | null {
  const match = /^(\w+) ([\w,]*) max (\d+)$/.exec(summary);
  if (!match || !ROLES.has(match[1]!)) return null;
  const permissions = match[2]!.split(',').filter(isPermission);
  return t('activity.summary.memberEdit', {
    role: role(t, match[1]!),
    permissions: permissions.length
      ? list(
          t,
          permissions.map((p) => t(`rights.permission.${p}`)),
        )
      : t('activity.summary.noPermissions'),
    discount: percent(Number(match[3]), f.locale),
  });
}

/** "Green tea -2 DAMAGED", "Green tea +3 COUNT", "Green tea +1": the product, the change and why. */
function stockAdjust(t: TFunction, summary: string): string | null {
  const words = summary.split(' ');
  const last = words.at(-1);
  const reason = last === 'COUNT' || oneOf(ADJUSTMENT_REASONS, last) ? words.pop() : undefined;
  const change = words.pop();
  if (!change || !WHOLE.test(change) || words.length === 0) return null;
  const name = words.join(' ');
  if (!reason) return t('activity.summary.stock', { name, change });
  const why = reason === 'COUNT' ? t('activity.summary.stockCount') : t(`stockHistory.adjustmentReasons.${reason}`);
  return t('activity.summary.stockWithReason', { name, change, reason: why });
}

/** "PAY_IN Change for the till" or, in the second currency, "PAY_OUT 500 JPY Window cleaner". */
function cashMove(t: TFunction, summary: string, f: SummaryFormat): string | null {
  const [kind, ...rest] = summary.split(' ');
  if (kind !== 'PAY_IN' && kind !== 'PAY_OUT') return null;
  const what = t(`shifts.kind.${kind}`);
  const [amount, currency] = rest;
  if (amount && WHOLE.test(amount) && oneOf(CURRENCY_CODES, currency)) {
    const money = formatMoney(Number(amount), currency as CurrencyCode, f.locale);
    return t('activity.summary.cashMoveAmount', { kind: what, amount: money, reason: rest.slice(2).join(' ') });
  }
  return t('activity.summary.cashMove', { kind: what, reason: rest.join(' ') });
}

/** "+120", "-50", "0": counted − expected of the main currency at closing. */
function shiftClose(t: TFunction, summary: string, f: SummaryFormat): string | null {
  if (!WHOLE.test(summary)) return null;
  const difference = Number(summary);
  if (difference === 0) return t('activity.summary.cashEven');
  const amount = f.money(Math.abs(difference));
  return t(difference > 0 ? 'activity.summary.cashOver' : 'activity.summary.cashShort', { amount });
}

/** "Spring delivery ARRIVED" or "… NOT_ARRIVED". */
function cargoArrive(t: TFunction, summary: string): string | null {
  const match = /^(.*) (ARRIVED|NOT_ARRIVED)$/.exec(summary);
  if (!match) return null;
  return t(match[2] === 'ARRIVED' ? 'activity.summary.arrived' : 'activity.summary.notArrived', { name: match[1] });
}

/** The owner's name of the method, or a default method's code (CARD), named in the reader's language. */
function paymentMethod(t: TFunction, summary: string): string {
  return oneOf(DEFAULT_PAYMENT_METHODS, summary) ? t(paymentMethodNameKey(summary as DefaultPaymentMethod)) : summary;
}

/** "21,20": the rules' prefixes in order; '' when the store has none left. */
function barcodeRules(t: TFunction, summary: string): string {
  const prefixes = summary.split(',').filter((p) => p !== '');
  if (prefixes.length === 0) return t('activity.summary.noBarcodeRules');
  return t('activity.summary.barcodeRules', { count: prefixes.length, prefixes: list(t, prefixes) });
}

/** "1 5": lock after each sale (1 or 0), then the idle minutes before locking (0: never). */
function tillSettings(t: TFunction, summary: string): string | null {
  const [afterSale, minutes] = summary.split(' ');
  if ((afterSale !== '0' && afterSale !== '1') || !WHOLE.test(minutes ?? '')) return null;
  const idle = Number(minutes);
  return t('activity.summary.tillSettings', {
    afterSale: t(afterSale === '1' ? 'activity.summary.locksAfterSale' : 'activity.summary.noLockAfterSale'),
    idle: idle === 0 ? t('activity.summary.noIdleLock') : t('activity.summary.idleLock', { count: idle }),
  });
}

/** "USD JPY 150.25" set, "USD JPY" cleared. */
function exchangeRate(t: TFunction, summary: string): string | null {
  const [main, second, rate] = summary.split(' ');
  if (!oneOf(CURRENCY_CODES, main) || !oneOf(CURRENCY_CODES, second)) return null;
  if (rate === undefined) return t('activity.summary.rateCleared', { main, second });
  return t('activity.summary.rateSet', { main, second, rate });
}

/**
 * An event's summary as a sentence in the reader's language. The server stores summaries as data
 * (codes and numbers, so the log reads in any language): each action's form is worded here, and a
 * summary not in its action's form (older events, a name) is shown as it is.
 */
export function summaryText(event: AuditEvent, t: TFunction, f: SummaryFormat): string {
  const { summary } = event;
  const worded = (() => {
    switch (event.action) {
      case 'PRODUCT_IMPORT': {
        const [created = 0, updated = 0, unchanged = 0, refused = 0] = summary.split('/').map(Number);
        return t('activity.importSummary', { created, updated, unchanged, refused });
      }
      case 'SALE_SETTINGS':
        return saleSettings(t, summary, f);
      case 'MEMBER_INVITE':
      case 'MEMBER_REMOVE':
      case 'INVITATION_REVOKE':
        return ROLES.has(summary) ? t('activity.summary.role', { role: role(t, summary) }) : null;
      case 'MEMBER_EDIT':
        return memberEdit(t, summary, f);
      case 'STOCK_ADJUST':
        return stockAdjust(t, summary);
      case 'CASH_MOVE':
        return cashMove(t, summary, f);
      case 'SHIFT_CLOSE':
        return shiftClose(t, summary, f);
      case 'CARGO_ARRIVE':
        return cargoArrive(t, summary);
      case 'PAYMENT_METHOD_CREATE':
      case 'PAYMENT_METHOD_EDIT':
      case 'PAYMENT_METHOD_DELETE':
        return paymentMethod(t, summary);
      case 'BARCODE_RULES':
        return barcodeRules(t, summary);
      case 'TILL_SETTINGS':
        return tillSettings(t, summary);
      case 'EXCHANGE_RATE':
        return exchangeRate(t, summary);
      // Whose PIN: the member's own, or another's (the summary is their name; the PIN is never logged).
      case 'MEMBER_PIN':
        return event.entityCode === event.userId
          ? t('activity.pinSetOwn')
          : t('activity.pinSetFor', { name: summary || t('activity.formerMember') });
      default:
        return null;
    }
  })();
  if (worded === null) return summary;
  // A member's events name them by address (the row shows no member code): the sentence says who.
  return event.entity === 'MEMBER' && event.entityCode.includes('@')
    ? t('activity.summary.aboutMember', { email: event.entityCode, text: worded })
    : worded;
}
