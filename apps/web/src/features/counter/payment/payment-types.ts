import type { ReactNode } from 'react';
import type {
  CurrencyCode,
  LoyaltySettings,
  PaymentContext,
  PaymentMethod,
  Settlement,
  TenderInput,
} from '@shopdesk/shared';

/** The payment dialog's props and answers, apart from it so its parts can name them without a cycle. */
export interface PaymentRateInfo {
  /** Main → second, as decimal text (units of second per unit of main). */
  rate: string;
  date: string;
  source: string;
  /** Older than RATE_STALE_DAYS: the counter should ask for a manual rate. */
  stale: boolean;
}

/** `code`: the sale's transaction code once the server has stored it (null while it waits to sync). */
export type PayResult =
  ({ ok: true; queued: boolean; code?: string | null } & SaleCards) | { ok: false; message: string };

/** What the stored sale says of its cards (issue 43): the gift cards it sold, and what is left on those it spent. */
export interface SaleCards {
  /** The codes of the gift cards the sale sold, active now. */
  giftCards?: string[];
  /** Each card a tender spent, with its balance after the sale. */
  cardsLeft?: { cardCode: string; balance: number; storeCredit: boolean }[];
}

export interface PaymentDialogProps {
  opened: boolean;
  /** The store's urlName: its payment methods (kept for offline use with the rest of the store's data). */
  store: string;
  /** Cancel: nothing was paid, the cart stays as it is. */
  onClose(): void;
  /** Main minor units, from priceCart(...).total. */
  total: number;
  context: PaymentContext;
  /** Shown beside second-currency amounts; null when the store has no second currency or no rate. */
  rateInfo: PaymentRateInfo | null;
  /** Stores the sale with these tenders and the points it uses (online, or queued offline). */
  onPay(tenders: TenderInput[], pointsRedeemed?: number): Promise<PayResult>;
  /**
   * The sale's customer's member code (a customer known to the server): their store credit, if
   * any, is offered as a tender under it (the server resolves a member code to their credit).
   */
  customerCode?: string | null;
  /** "Use points": when loyalty is on and the sale's customer has points. */
  points?: PointsOffer | null;
  /** The change screen was dismissed: start the next sale. */
  onNewSale(): void;
  /** Shown on the change screen above "New sale": the receipt's print and share actions. */
  afterPay?: (paid: { code: string | null; queued: boolean }) => ReactNode;
  /**
   * Once, when the sale is paid (stored or queued): what follows a payment, such as the cash drawer,
   * with the store's methods the tenders were paid with.
   */
  onSalePaid?: (settlement: Settlement, methods: readonly PaymentMethod[]) => void;
  /** What the customer display shows of this payment, each time it changes (the tenders, then the change). */
  onProgress?: (progress: PaymentProgress) => void;
}

/**
 * A payment as the customer may see it: each tender by its method's name (a card's name without its
 * code), the points used, and once paid the change and the sale's code (null while it waits to sync).
 */
export interface PaymentProgress {
  tendered: { label: string; currency: CurrencyCode; amount: number }[];
  pointsRedeemed: number;
  paid: { change: { currency: CurrencyCode; amount: number } | null; code: string | null } | null;
}

export interface PointsOffer {
  /** The balance last seen (offline, the most a redemption may use). */
  balance: number;
  settings: LoyaltySettings;
  /** The member may give discounts (DISCOUNT), or an approval was given. */
  allowed: boolean;
  /** Why not, beside the disabled field. */
  reason: string;
  /** What points may take off: the sale after its cart discount, before tax (the server's cap). */
  dueBeforePoints: number;
  /** The sale's total with this many minor units of points taken off, priced as the server prices it. */
  totalWith(pointsDiscount: number): number;
  /** On a till: ask an approving member's PIN; true once approved. */
  onAskApproval?: () => Promise<boolean>;
}
