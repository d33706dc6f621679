import { useRef, useState, type KeyboardEvent } from 'react';
import {
  maxRedeemable,
  minorToDecimalText,
  pointsDiscountOf,
  redeemRefusal,
  settlePayment,
  tenderMethodOf,
  type CurrencyCode,
  type PaymentContext,
  type PaymentMethod,
  type Settlement,
  type TenderInput,
} from '@shopdesk/shared';
import { changeChoices, exactTender, remainingDue, tryEntry, typedMinor, type EntryOutcome } from './payment-math.ts';
import { quickTenders } from './quick-tenders.ts';
import type { PayResult, PointsOffer, SaleCards } from './payment-types.ts';
import { cardAvailable, cardProblem, STORED_VALUE_IDS, type CardAtCounter } from './stored-value-tender.ts';

export type { PointsOffer } from './payment-types.ts';

/** Points the attached customer may use in this payment (loyalty on, a customer with points). */

export interface PaymentEntryOptions {
  /** Main minor units to pay for the sale (after the cart's discounts, before points). */
  total: number;
  points?: PointsOffer | null | undefined;
  context: PaymentContext;
  /** The methods offered, in order: at least the cash one. */
  methods: readonly PaymentMethod[];
  busy: boolean;
  setBusy(busy: boolean): void;
  onPay(tenders: TenderInput[], pointsRedeemed?: number): Promise<PayResult>;
  onPaid(settlement: Settlement, queued: boolean, code: string | null, cards?: SaleCards): void;
  /** The text shown when `onPay` throws (the caller's translation). */
  failedText: string;
}

/**
 * The state of one payment and its rules: the tenders taken so far, the method, currency and
 * amount being entered, what that entry would do (pay, part-pay, be refused) and the actions that
 * change it. The parts on screen only show it; every figure comes from the shared settlement
 * arithmetic, so the change on screen is the change the server stores.
 */
export function usePaymentEntry(o: PaymentEntryOptions) {
  const { context, methods, busy } = o;
  const [tenders, setTenders] = useState<TenderInput[]>([]);
  // Points to use, as typed; they lower what is due, so they are set before any tender is taken.
  const [pointsText, setPointsText] = useState('');
  const offer = o.points ?? null;
  const pointsMax = offer ? maxRedeemable(offer.balance, offer.dueBeforePoints, offer.settings) : 0;
  const pointsTyped = /^\d{1,10}$/.test(pointsText.trim()) ? Number(pointsText.trim()) : pointsText.trim() ? NaN : 0;
  const pointsRefusal: ReturnType<typeof redeemRefusal> | 'NOT_A_NUMBER' | null = !offer
    ? null
    : Number.isNaN(pointsTyped)
      ? 'NOT_A_NUMBER'
      : redeemRefusal(pointsTyped, offer.balance, offer.dueBeforePoints, offer.settings);
  const redeem = offer?.allowed && !pointsRefusal && pointsTyped > 0 ? pointsTyped : 0;
  const pointsDiscount = offer ? pointsDiscountOf(redeem, offer.settings) : 0;
  // What the tenders pay: the sale after its points discount.
  const total = offer && pointsDiscount > 0 ? offer.totalWith(pointsDiscount) : o.total;
  const [methodId, setMethodId] = useState<string>(() => methods[0]?.id ?? 'CASH');
  // A gift card or the customer's store credit (issue 43): not a store method but a card named by
  // its code, paid in the main currency, never more than its balance nor what is due.
  const storedValue = STORED_VALUE_IDS.includes(methodId);
  const [card, setCardState] = useState<CardAtCounter | null>(null);
  const selected = storedValue ? undefined : (methods.find((m) => m.id === methodId) ?? methods[0]);
  const method = storedValue ? 'STORED_VALUE' : selected ? tenderMethodOf(selected.kind) : 'CASH';
  // The slip's or transaction number, for a method that asks for it.
  const [reference, setReferenceText] = useState('');
  const needsReference = selected?.needsReference === true;
  const missingReference = needsReference && reference.trim() === '';
  const [currencyChosen, setCurrencyCode] = useState<CurrencyCode>(context.mainCurrency);
  const currency = storedValue ? context.mainCurrency : currencyChosen;
  const [text, setTextValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Change of cash in the second currency handed back in the main currency (the cashier's choice).
  const [changeInMain, setChangeInMain] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const second = context.secondCurrency;
  const canSecond = Boolean(second && context.rate);
  const remaining = remainingDue(total, tenders, context);
  const due = exactTender(total, tenders, method, currency, context);
  // What is left on the card after this payment's earlier tenders on it.
  const available = storedValue && card ? cardAvailable(card, tenders) : 0;
  const problem = storedValue ? cardProblem(card, available, context.mainCurrency) : null;
  // A card takes what is due, or all it holds when that is less.
  const exact = storedValue ? Math.min(due, available) : due;
  const typed = typedMinor(text, currency);
  const badAmount = text.trim() !== '' && typed === null;
  const overBalance = storedValue && typed !== null && typed > available;
  // An empty amount means the exact amount: a card payment is one key, Enter.
  const plain: TenderInput = storedValue
    ? { method, currency, amount: typed ?? exact, cardCode: card?.payCode ?? '' }
    : {
        method,
        methodId: selected?.id,
        ...(needsReference && reference.trim() ? { reference: reference.trim() } : {}),
        currency,
        amount: typed ?? exact,
      };
  const choices = badAmount || storedValue ? null : changeChoices(total, tenders, plain, context);
  const entry: TenderInput = choices && changeInMain ? { ...plain, changeCurrency: context.mainCurrency } : plain;
  // Nothing due at all (a 100% discount, a zero price, cash rounding to 0): completes with no tender.
  const free = tenders.length === 0 && text.trim() === '' ? settlePayment(total, [], context) : null;
  const nothingDue = free?.ok === true;
  const outcome: EntryOutcome | null = badAmount
    ? null
    : free?.ok
      ? { kind: 'pays', tenders: [], settlement: free.settlement }
      : tryEntry(total, tenders, entry, context);
  // A card not looked up, refused, empty, or asked for more than it holds cannot pay (nothing due: no card needed).
  const cardBlocks = storedValue && !nothingDue && (problem !== null || overBalance || plain.amount <= 0);
  const canSubmit =
    Boolean(outcome) &&
    outcome?.kind !== 'refused' &&
    !(missingReference && !nothingDue) &&
    !pointsRefusal &&
    !cardBlocks;
  const quick = method === 'CASH' ? quickTenders(exact, currency) : [];

  const focusAmount = () => requestAnimationFrame(() => input.current?.focus());

  const submit = async () => {
    if (busy || !outcome) return;
    setError(null);
    if (outcome.kind === 'refused' || (missingReference && !nothingDue) || pointsRefusal || cardBlocks) return;
    if (outcome.kind === 'partial') {
      setTenders(outcome.tenders);
      setTextValue('');
      setReferenceText('');
      focusAmount();
      return;
    }
    o.setBusy(true);
    try {
      const result = redeem > 0 ? await o.onPay(outcome.tenders, redeem) : await o.onPay(outcome.tenders);
      if (result.ok) {
        const { giftCards, cardsLeft } = result;
        o.onPaid(outcome.settlement, result.queued, result.code ?? null, {
          ...(giftCards ? { giftCards } : {}),
          ...(cardsLeft ? { cardsLeft } : {}),
        });
      } else setError(result.message);
    } catch {
      setError(o.failedText);
    } finally {
      o.setBusy(false);
    }
  };

  // Digits typed anywhere in the dialog go into the amount; Enter takes the payment.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    // Any text field (the amount, a reference number) takes its own keys.
    const inField = target === input.current || target.tagName === 'INPUT';
    if (!inField && /^[0-9.]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setTextValue((v) => v + e.key);
      input.current?.focus();
    } else if (!inField && e.key === 'Enter' && target.tagName !== 'BUTTON') {
      e.preventDefault();
      void submit();
    }
  };

  return {
    pointsText,
    pointsMax,
    pointsRefusal,
    redeem,
    pointsDiscount,
    /** Before points: the sale's total after its cart discounts. */
    totalBeforePoints: o.total,
    setPoints(value: string) {
      setPointsText(value);
      setTextValue('');
      setError(null);
    },
    tenders,
    selected,
    methodId,
    method,
    storedValue,
    card,
    available,
    problem,
    overBalance,
    reference,
    needsReference,
    missingReference,
    currency,
    text,
    error,
    changeInMain,
    input,
    second,
    canSecond,
    remaining,
    exact,
    badAmount,
    choices,
    entry,
    nothingDue,
    outcome,
    canSubmit,
    quick,
    submit,
    onKeyDown,
    setChangeInMain,
    removeTender(index: number) {
      setTenders((list) => list.filter((_, j) => j !== index));
      setError(null);
    },
    chooseMethod(id: string) {
      setMethodId(id);
      setReferenceText('');
      setError(null);
      // A card's amount is its own: what was typed for another method does not carry over.
      if (STORED_VALUE_IDS.includes(id) || storedValue) setTextValue('');
      if (STORED_VALUE_IDS.includes(id)) setCardState(null);
    },
    /** The card looked up for this tender (null: none yet, or the code was changed). */
    setCard(next: CardAtCounter | null) {
      setCardState(next);
      setTextValue('');
      setError(null);
    },
    setReference(value: string) {
      setReferenceText(value);
      setError(null);
    },
    chooseCurrency(code: CurrencyCode) {
      setCurrencyCode(code);
      setTextValue('');
      setError(null);
    },
    setText(value: string) {
      setTextValue(value);
      setError(null);
    },
    /** An exact or quick tender: its amount goes into the field, ready for Enter. */
    pick(amount: number) {
      setTextValue(minorToDecimalText(amount, currency));
      setError(null);
      input.current?.focus();
    },
  };
}

export type PaymentEntry = ReturnType<typeof usePaymentEntry>;
