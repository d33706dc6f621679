import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type TillMember } from '@shopdesk/shared';
import { useTill } from '../../../lib/till/till-state.ts';
import { cartReducer, emptyCart, priceCart, type Cart, type CartAction } from './cart.ts';
import { approvalToAsk } from './sale-approval.ts';

const cashier: TillMember = {
  userId: 'ben-id',
  name: 'Ben',
  role: 'CASHIER',
  permissions: [...ROLE_PERMISSIONS.CASHIER],
  maxDiscount: 1000,
  pinVerifier: 'kept',
};

const run = (...actions: CartAction[]): Cart => actions.reduce(cartReducer, emptyCart);
const sake = { type: 'add', key: 'a', code: '4901', name: 'Sake', unitPrice: 1050, taxRate: null } as const;
const bag = { type: 'add', key: 'b', code: '4902', name: 'Gift bag', unitPrice: 100, taxRate: null } as const;
const lineOff = (key: string, basisPoints: number): CartAction => ({
  type: 'setLineDiscount',
  key,
  discount: { kind: 'PERCENT', basisPoints },
});
const cartOff = (basisPoints: number): CartAction => ({
  type: 'setCartDiscount',
  discount: { kind: 'PERCENT', basisPoints },
});

/** What the counter asks an approval for before it opens the payment of `cart` on the till of "corner". */
const asks = (cart: Cart) => approvalToAsk('corner', cart, priceCart(cart, 'INCLUSIVE', 1000));

afterEach(() => useTill.getState().forget());

describe('the counter asks an approval for a discount above the till member’s maximum', () => {
  it('asks for one line at 100% off in a cart of 1,150, though it is 8.7% of the sale', () => {
    const cart = run(sake, bag, lineOff('b', 10_000));
    // Off a till the session's own rights decide, on the server.
    expect(asks(cart)).toBeNull();
    useTill.setState({
      store: 'corner',
      tillId: 'till-1',
      tillToken: 'till-token',
      roster: { lockAfterSale: true, idleLockMinutes: 5, members: [cashier] },
      member: cashier,
    });
    expect(asks(cart)).toMatchObject({ permission: 'SELL', discountBp: 9950 });
  });

  it('does not ask when each line and the cart are within it, and asks for a line above it under a cart discount', () => {
    useTill.setState({
      store: 'corner',
      tillId: 'till-1',
      tillToken: 'till-token',
      roster: { lockAfterSale: true, idleLockMinutes: 5, members: [cashier] },
      member: cashier,
    });
    expect(asks(run(sake, bag, lineOff('a', 1000), lineOff('b', 1000), cartOff(1000)))).toBeNull();
    expect(asks(run(sake, bag, lineOff('b', 2000), cartOff(500)))).toMatchObject({ discountBp: 1950 });
    expect(asks(run(sake, bag, cartOff(1100)))).not.toBeNull();
  });
});
