import {
  hasPermission,
  isPermission,
  OWNER_RIGHTS,
  ROLE_MAX_DISCOUNT,
  ROLE_PERMISSIONS,
  type Permission,
  type StoreRights,
} from '@shopdesk/shared';
import { addMember, createUser, login, type TestUser } from './factories.ts';
import type { SweepWorld } from './sweep-world.ts';

/** One caller of the permission matrix: a user and the rights they hold in the owner's stores. */
export interface MatrixCaller {
  label: string;
  user: TestUser;
  /** Null for the stranger, who is no member of the owner's stores. */
  rights: StoreRights | null;
}

/** What a route's declaration (`x-permission`) lets these rights do. */
export function allows(rights: StoreRights, declared: string): boolean {
  if (declared === 'MEMBER' || declared === 'ACCOUNT') return true;
  if (declared === 'OWNER') return rights.role === 'OWNER';
  return isPermission(declared) && hasPermission(rights, declared);
}

const memberRights = (role: 'MANAGER' | 'CASHIER', permissions: readonly Permission[]): StoreRights => ({
  role,
  permissions,
  maxDiscount: ROLE_MAX_DISCOUNT[role],
});

/**
 * The members of the sweep world's owner, in both of the owner's stores: a manager and a cashier
 * with their roles' defaults, and, made on first use, a cashier with one permission added each.
 */
export class MatrixMembers {
  private readonly plus = new Map<Permission, MatrixCaller>();
  private constructor(
    private readonly w: SweepWorld,
    readonly manager: MatrixCaller,
    readonly cashier: MatrixCaller,
  ) {}

  static async create(w: SweepWorld): Promise<MatrixMembers> {
    const [manager, cashier] = [await createUser(w.t), await createUser(w.t)];
    const members = new MatrixMembers(
      w,
      { label: 'manager', user: manager, rights: memberRights('MANAGER', ROLE_PERMISSIONS.MANAGER) },
      { label: 'cashier', user: cashier, rights: memberRights('CASHIER', ROLE_PERMISSIONS.CASHIER) },
    );
    await members.join(members.manager);
    await members.join(members.cashier);
    return members;
  }

  get owner(): MatrixCaller {
    return { label: 'owner', user: this.w.owner, rights: OWNER_RIGHTS };
  }

  get stranger(): MatrixCaller {
    return { label: 'stranger', user: this.w.intruder, rights: null };
  }

  /** A cashier holding the role's permissions and exactly `permission` besides. */
  async cashierWith(permission: Permission): Promise<MatrixCaller> {
    const known = this.plus.get(permission);
    if (known) return known;
    const permissions = [...new Set([...ROLE_PERMISSIONS.CASHIER, permission])];
    const caller = {
      label: `cashier + ${permission}`,
      user: await createUser(this.w.t),
      rights: memberRights('CASHIER', permissions),
    };
    await this.join(caller);
    this.plus.set(permission, caller);
    return caller;
  }

  /** A new user with a member row like `like`'s, for routes that end or change the caller's session. */
  /** The same member with a session of their own, for a store route that signs its caller out (making a till). */
  async freshSession(like: MatrixCaller): Promise<MatrixCaller> {
    return { ...like, user: { ...like.user, token: await login(this.w.t, like.user.email, like.user.password) } };
  }

  async throwaway(like: MatrixCaller): Promise<MatrixCaller> {
    const caller = { ...like, user: await createUser(this.w.t) };
    if (like.rights && like.rights.role !== 'OWNER') await this.join(caller);
    return caller;
  }

  private async join(caller: MatrixCaller): Promise<void> {
    const rights = caller.rights!;
    if (rights.role === 'OWNER') return;
    for (const store of [this.w.owner.store, this.w.ownerSecondStore]) {
      await addMember(this.w.t, store, caller.user, rights.role, rights.permissions);
    }
  }
}
