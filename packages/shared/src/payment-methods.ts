import { z } from 'zod';
import type { CurrencyCode } from './currencies.ts';
import type { TenderMethod } from './sale-payment.ts';
import { singleLineText } from './validation.ts';

/**
 * A store's payment methods (PaymentMethod, product.md §4-5): what the payment dialog offers,
 * what a tender records, and what reports break down by. Exactly one is the cash method, the one
 * that gives change and counts in the drawer.
 */
export const PAYMENT_METHOD_KINDS = ['CASH', 'CARD', 'QR_CODE', 'E_MONEY', 'VOUCHER', 'OTHER'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/**
 * The methods a store starts with. A method made from one keeps `defaultName` and no `name`, so
 * each reader sees it in their own language (`paymentMethodNameKey` for the web app's messages,
 * `PAYMENT_METHOD_NAMES` where the server writes, as on receipts); a renamed method has `name`.
 */
export const DEFAULT_PAYMENT_METHODS = [
  'CASH',
  'CARD',
  'CREDIT_CARD',
  'PAYPAY',
  'IC_CARD',
  'OTHER_QR',
  'OTHER',
  // Not in a store's list: the names of a STORED_VALUE tender (stored-value.ts), by the account's kind.
  'GIFT_CARD',
  'STORE_CREDIT',
] as const;
export type DefaultPaymentMethod = (typeof DEFAULT_PAYMENT_METHODS)[number];

/** The default names a store's own method cannot take: a gift card is paid by its code, never as a method. */
export const STORED_VALUE_METHOD_NAMES: readonly DefaultPaymentMethod[] = ['GIFT_CARD', 'STORE_CREDIT'];

const nameSchema = singleLineText({ label: 'Name', min: 1, max: 40 });

const paymentMethodFields = {
  /** The owner's own name for the method; null shows `defaultName` in the reader's language. */
  name: nameSchema.nullable(),
  defaultName: z.enum(DEFAULT_PAYMENT_METHODS).nullable(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  /** The payment dialog asks for the slip or transaction number, stored with the tender. */
  needsReference: z.boolean(),
  /** Paying with it sends the drawer pulse after the sale. */
  opensDrawer: z.boolean(),
  /** A disabled method stays on past sales and reports but is not offered. */
  enabled: z.boolean(),
  position: z.number().int().min(0).max(999),
};

const hasAName = (m: { name: string | null; defaultName: DefaultPaymentMethod | null }) =>
  m.name !== null || m.defaultName !== null;
const notStoredValue = (m: { defaultName: DefaultPaymentMethod | null }) =>
  m.defaultName === null || !STORED_VALUE_METHOD_NAMES.includes(m.defaultName);
const NOT_STORED_VALUE = {
  message: 'Gift cards and store credit are paid by their code, not as a method',
  path: ['defaultName'],
};
const NAME_REQUIRED = {
  message: 'Name is required (gift cards and store credit are not payment methods)',
  path: ['name'],
};

/** One method as the editor sends it (create or replace). */
export const PaymentMethodBodySchema = z
  .object(paymentMethodFields)
  .refine(hasAName, NAME_REQUIRED)
  .refine(notStoredValue, NOT_STORED_VALUE);
export type PaymentMethodBody = z.infer<typeof PaymentMethodBodySchema>;

/**
 * A method's id: the default name for a method the store started with (`CASH`, `PAYPAY`: the same
 * in every store, and the method a tender of a sale made before named tenders counts under), a
 * server-made id for one the owner added.
 */
export const paymentMethodIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Not a payment method id');

/** A stored method as the API returns it. */
export const PaymentMethodSchema = z.object({ id: z.string(), ...paymentMethodFields });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** At most this many methods in a store's list. */
export const MAX_PAYMENT_METHODS = 20;

export type PaymentMethodsProblem = 'NO_CASH' | 'MANY_CASH' | 'CASH_DISABLED' | 'SAME_NAME';

/** The name two methods must not share: the owner's own, else the default one (any language). */
function nameKeys(m: { name?: string | null; defaultName?: DefaultPaymentMethod | null }): string[] {
  if (m.name) return [m.name.trim().toLowerCase()];
  const d = m.defaultName ?? 'OTHER';
  return [d, PAYMENT_METHOD_NAMES.en[d].toLowerCase(), PAYMENT_METHOD_NAMES.ja[d].toLowerCase()];
}

/**
 * Why a store's list of methods cannot stand, or null: exactly one CASH, and it enabled (it gives
 * change and a refund's money goes back in it), no two methods of one name.
 */
export function paymentMethodsProblem(
  methods: ReadonlyArray<{
    kind: PaymentMethodKind;
    name?: string | null;
    defaultName?: DefaultPaymentMethod | null;
    enabled?: boolean;
  }>,
): PaymentMethodsProblem | null {
  const cash = methods.filter((m) => m.kind === 'CASH');
  if (cash.length === 0) return 'NO_CASH';
  if (cash.length > 1) return 'MANY_CASH';
  if (cash[0]?.enabled === false) return 'CASH_DISABLED';
  const seen = new Set<string>();
  for (const m of methods) {
    const keys = nameKeys(m);
    if (keys.some((k) => seen.has(k))) return 'SAME_NAME';
    for (const k of keys) seen.add(k);
  }
  return null;
}

const PROBLEM_MESSAGES: Record<PaymentMethodsProblem, string> = {
  NO_CASH: 'Keep one cash method',
  MANY_CASH: 'Only one method can be cash',
  CASH_DISABLED: 'The cash method stays enabled',
  SAME_NAME: 'Two methods have the same name',
};

/** `PUT …/payment-methods`: the whole list at once, since "exactly one cash" is a rule of the list. */
export const PaymentMethodsBodySchema = z.object({
  methods: z
    .array(
      z
        .object({ id: paymentMethodIdSchema.optional(), ...paymentMethodFields })
        .refine(hasAName, NAME_REQUIRED)
        .refine(notStoredValue, NOT_STORED_VALUE),
    )
    .min(1)
    .max(MAX_PAYMENT_METHODS, `At most ${MAX_PAYMENT_METHODS} payment methods`)
    .superRefine((methods, ctx) => {
      const problem = paymentMethodsProblem(methods);
      if (problem) ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem] });
      const ids = methods.flatMap((m) => (m.id ? [m.id] : []));
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'A method is in the list twice' });
    }),
});
export type PaymentMethodsBody = z.infer<typeof PaymentMethodsBodySchema>;

type Preset = Pick<PaymentMethodBody, 'kind' | 'needsReference' | 'opensDrawer'>;
const PRESETS: Record<DefaultPaymentMethod, Preset> = {
  CASH: { kind: 'CASH', needsReference: false, opensDrawer: true },
  // Card and QR payments run on a separate terminal or app: the slip's number ties the two together.
  CARD: { kind: 'CARD', needsReference: true, opensDrawer: false },
  CREDIT_CARD: { kind: 'CARD', needsReference: true, opensDrawer: false },
  PAYPAY: { kind: 'QR_CODE', needsReference: true, opensDrawer: false },
  IC_CARD: { kind: 'E_MONEY', needsReference: false, opensDrawer: false },
  OTHER_QR: { kind: 'QR_CODE', needsReference: true, opensDrawer: false },
  OTHER: { kind: 'OTHER', needsReference: false, opensDrawer: false },
  GIFT_CARD: { kind: 'VOUCHER', needsReference: false, opensDrawer: false },
  STORE_CREDIT: { kind: 'VOUCHER', needsReference: false, opensDrawer: false },
};

/** A new store's methods: Japan's usual ones for a yen store, cash, card and other elsewhere. */
export function defaultPaymentMethods(currency: CurrencyCode): PaymentMethodBody[] {
  const names: DefaultPaymentMethod[] =
    currency === 'JPY' ? ['CASH', 'CREDIT_CARD', 'PAYPAY', 'IC_CARD', 'OTHER_QR'] : ['CASH', 'CARD', 'OTHER'];
  return names.map((defaultName, position) => ({
    name: null,
    defaultName,
    ...PRESETS[defaultName],
    enabled: true,
    position,
  }));
}

/** A new store's methods as stored: each with its default name as its id. */
export function defaultPaymentMethodList(currency: CurrencyCode): PaymentMethod[] {
  return defaultPaymentMethods(currency).map((m) => ({ id: m.defaultName ?? 'OTHER', ...m }));
}

/** The web app's message key of a default name: `paymentMethods.names.creditCard`. */
export function paymentMethodNameKey(defaultName: DefaultPaymentMethod): string {
  const camel = defaultName.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `paymentMethods.names.${camel}`;
}

/** Default names where the server writes them (receipts), in the languages receipts have. */
export const PAYMENT_METHOD_NAMES: Record<'en' | 'ja', Record<DefaultPaymentMethod, string>> = {
  en: {
    CASH: 'Cash',
    CARD: 'Card',
    CREDIT_CARD: 'Credit card',
    PAYPAY: 'PayPay',
    IC_CARD: 'IC card',
    OTHER_QR: 'Other QR payment',
    OTHER: 'Other',
    GIFT_CARD: 'Gift card',
    STORE_CREDIT: 'Store credit',
  },
  ja: {
    CASH: '現金',
    CARD: 'カード',
    CREDIT_CARD: 'クレジットカード',
    PAYPAY: 'PayPay',
    IC_CARD: '交通系IC・電子マネー',
    OTHER_QR: 'その他QR決済',
    OTHER: 'その他',
    GIFT_CARD: 'ギフトカード',
    STORE_CREDIT: 'お預かり残高',
  },
};

/** A method's name in `lang`: the owner's own name, else the default name translated. */
export function paymentMethodName(
  method: Pick<PaymentMethod, 'name' | 'defaultName'>,
  lang: keyof typeof PAYMENT_METHOD_NAMES,
): string {
  return method.name ?? PAYMENT_METHOD_NAMES[lang][method.defaultName ?? 'OTHER'];
}

/**
 * The tender kind of a report row or a tender's label: STORED_VALUE for a gift card or store
 * credit (their labels' ids), else its method's kind's (`tenderMethodOf`).
 */
export function tenderMethodOfLabel(label: { methodId: string; kind: PaymentMethodKind }): TenderMethod {
  return (STORED_VALUE_METHOD_NAMES as readonly string[]).includes(label.methodId)
    ? 'STORED_VALUE'
    : tenderMethodOf(label.kind);
}

/** The tender kind sale-payment.ts settles (change only from cash) for a method's kind. */
export function tenderMethodOf(kind: PaymentMethodKind): TenderMethod {
  return kind === 'CASH' ? 'CASH' : kind === 'CARD' ? 'CARD' : 'OTHER';
}

/**
 * What a report row or a tender shows of its method: the method's id and, as the method was (a
 * tender's snapshot) or is (a report's row), its name and kind. A tender made before named tenders
 * has the id of its fixed method (CASH, CARD, OTHER), which is also a default method's id.
 */
export const PaymentMethodLabelSchema = z.object({
  methodId: z.string(),
  name: z.string().nullable(),
  defaultName: z.enum(DEFAULT_PAYMENT_METHODS).nullable(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
});
export type PaymentMethodLabel = z.infer<typeof PaymentMethodLabelSchema>;

const isDefaultName = (id: string): id is DefaultPaymentMethod =>
  (DEFAULT_PAYMENT_METHODS as readonly string[]).includes(id);

/** The label of a method id among `methods` (a store's, with the ones taken off its list), else by its id. */
export function paymentMethodLabel(methodId: string, methods: readonly PaymentMethod[]): PaymentMethodLabel {
  const m = methods.find((x) => x.id === methodId);
  if (m) return { methodId, name: m.name, defaultName: m.defaultName, kind: m.kind };
  if (isDefaultName(methodId)) return { methodId, name: null, defaultName: methodId, kind: PRESETS[methodId].kind };
  return { methodId, name: methodId, defaultName: null, kind: 'OTHER' };
}
