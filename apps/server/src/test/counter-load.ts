import { randomUUID } from 'node:crypto';

/**
 * The crash test's counter (modules/shop/crash-safety.test.ts): new sales, held carts parked and
 * then completed, and refunds of acknowledged sales, whole and in part, each with its clientId, as
 * devices send them. Every request is kept with whether its answer arrived (`acked`), so after the
 * kills `resend` sends again what was never answered, in order and with the same clientIds and
 * bodies, as the offline queue does; then everything it sent must be stored exactly once.
 */

/** One request that may be lost to a kill; `acked`: the server answered 200 or 201. */
interface Sent {
  clientId: string;
  acked: boolean;
}

export interface SaleAttempt extends Sent {
  quantity: number;
  /** The device's time of the sale: two minutes or more before it is sent, as for a sale queued offline. */
  soldAt: string;
  /** From the acknowledged answer: what a refund of it names. */
  code: string | null;
  lineId: string | null;
  /** The sale's customer (`{}`: none). */
  customer: { customerId?: string };
  /** The gift card paying one unit of it (null: cash only). */
  card: string | null;
}

export interface HeldCart {
  /** Parking the cart (one unit); its code comes with the answer. */
  park: Sent;
  code: string | null;
  /** Completing it with its own clientId, the quantity changed at the counter. */
  completion: Sent & { quantity: number; soldAt: string; customer: { customerId?: string }; card: string | null };
}

export interface RefundAttempt extends Sent {
  /** The units it takes back; `whole`: the body names no lines (all that remains). */
  units: number;
  whole: boolean;
}

/** One sale's refunds, sent one after the other by one device. */
export interface RefundPlan {
  sale: SaleAttempt;
  steps: RefundAttempt[];
}

export interface CounterLoad {
  sales: SaleAttempt[];
  held: HeldCart[];
  refunds: RefundPlan[];
  /** One operation of the mix; throws when an answer is neither 200 nor 201 (or is lost). */
  next(url: string): Promise<void>;
  /** Sends again, in order, every request whose answer never came, and what was to follow it. */
  resend(url: string): Promise<void>;
}

/** How long before it is sent each sale and completion was made on the device. */
export const QUEUED_FOR_MS = 120_000;

export function counterLoad(options: {
  token: string;
  productCode: string;
  price: number;
  /** Customers the sales name in turn (their points are earned once per sale); none when absent. */
  customerIds?: readonly string[];
  /** Gift cards that pay one unit of each sale and completion, in turn (the rest in cash); none when absent. */
  cardCodes?: readonly string[];
}): CounterLoad {
  const { token, productCode, price, customerIds = [], cardCodes = [] } = options;
  const cardOf = (n: number) => (cardCodes.length > 0 ? (cardCodes[n % cardCodes.length] ?? null) : null);
  // The customer of the n-th operation, kept with the request so a resend names the same one.
  const customerOf = (n: number) => (customerIds.length > 0 ? { customerId: customerIds[n % customerIds.length] } : {});
  const sales: SaleAttempt[] = [];
  const held: HeldCart[] = [];
  const refunds: RefundPlan[] = [];
  // Acknowledged sales not yet given a refund plan: each sale has one plan, so its refunds never race.
  const refundable: SaleAttempt[] = [];
  let ops = 0;

  const send = async (url: string, method: string, path: string, body: unknown) => {
    const res = await fetch(`${url}/api/secure/shop/transaction${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { code: string; lines: { id: string }[] };
  };
  // Queued two minutes (and up to a second more) before it is sent: the crash test checks it keeps that time.
  const soldAt = () => new Date(Date.now() - QUEUED_FOR_MS - (ops % 1000)).toISOString();
  const completed = (quantity: number, card: string | null) => ({
    status: 'COMPLETED',
    lines: [{ code: productCode, quantity }],
    payments: card
      ? [
          { method: 'STORED_VALUE', currency: 'USD', amount: price, cardCode: card },
          ...(quantity > 1 ? [{ method: 'CASH', currency: 'USD', amount: price * (quantity - 1) }] : []),
        ]
      : [{ method: 'CASH', currency: 'USD', amount: price * quantity }],
  });

  const sell = async (url: string, a: SaleAttempt) => {
    const sold = await send(url, 'POST', '', {
      clientId: a.clientId,
      ...completed(a.quantity, a.card),
      soldAt: a.soldAt,
      ...a.customer,
    });
    a.acked = true;
    a.code = sold.code;
    a.lineId = sold.lines[0]?.id ?? null;
  };
  const park = async (url: string, h: HeldCart) => {
    const parked = await send(url, 'POST', '', {
      clientId: h.park.clientId,
      status: 'PARKED',
      lines: [{ code: productCode, quantity: 1 }],
    });
    h.park.acked = true;
    h.code = parked.code;
  };
  const complete = async (url: string, h: HeldCart) => {
    const { clientId, quantity, soldAt: at, customer, card } = h.completion;
    await send(url, 'PUT', `/${h.code}`, { clientId, ...completed(quantity, card), soldAt: at, ...customer });
    h.completion.acked = true;
  };
  const refund = async (url: string, sale: SaleAttempt, step: RefundAttempt) => {
    const lines = step.whole ? {} : { lines: [{ lineId: sale.lineId, quantity: step.units }] };
    await send(url, 'POST', `/${sale.code}/refund`, { clientId: step.clientId, ...lines });
    step.acked = true;
  };

  const newSale = async (url: string, n: number) => {
    const a: SaleAttempt = {
      clientId: randomUUID(),
      acked: false,
      quantity: 1 + (n % 3),
      soldAt: soldAt(),
      code: null,
      lineId: null,
      customer: customerOf(n),
      card: cardOf(n),
    };
    sales.push(a);
    await sell(url, a);
    refundable.push(a);
  };
  const heldCart = async (url: string, n: number) => {
    const h: HeldCart = {
      park: { clientId: randomUUID(), acked: false },
      code: null,
      completion: {
        clientId: randomUUID(),
        acked: false,
        quantity: 1 + (n % 3),
        soldAt: soldAt(),
        customer: customerOf(n),
        card: cardOf(n),
      },
    };
    held.push(h);
    await park(url, h);
    await complete(url, h);
  };
  // In turn: all that remains at once, one unit, one unit and then the rest.
  const refundSale = async (url: string, sale: SaleAttempt, n: number) => {
    const kinds = sale.quantity < 2 ? [['whole']] : [['whole'], ['one'], ['one', 'whole']];
    const kind = kinds[Math.floor(n / 4) % kinds.length] ?? ['whole'];
    let left = sale.quantity;
    const steps = kind.map((k) => {
      const units = k === 'whole' ? left : 1;
      left -= units;
      return { clientId: randomUUID(), acked: false, units, whole: k === 'whole' };
    });
    refunds.push({ sale, steps });
    for (const step of steps) await refund(url, sale, step);
  };

  return {
    sales,
    held,
    refunds,
    async next(url) {
      const n = ops++;
      if (n % 4 === 2) return heldCart(url, n);
      const sale = n % 4 === 3 ? refundable.shift() : undefined;
      return sale ? refundSale(url, sale, n) : newSale(url, n);
    },
    async resend(url) {
      for (const a of sales) if (!a.acked) await sell(url, a);
      for (const h of held) {
        if (!h.park.acked) await park(url, h);
        if (!h.completion.acked) await complete(url, h);
      }
      for (const plan of refunds) for (const step of plan.steps) if (!step.acked) await refund(url, plan.sale, step);
    },
  };
}
