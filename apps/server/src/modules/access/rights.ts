import {
  ErrorCode,
  hasPermission,
  isPermission,
  OWNER_RIGHTS,
  type Permission,
  type StaffRole,
  type StoreRights,
} from '@shopdesk/shared';
import type { StoreRow } from '../../db/types.ts';
import { AppError } from '../../core/errors.ts';
import type { MemberColumns } from './access.repo.ts';

/**
 * What a route needs of the caller in the store it acts on, declared next to its schema
 * (`config: { permission }`, ARCHITECTURE.md convention 14):
 * - a permission of product.md §2;
 * - `MEMBER`: any member of the store (reading the catalogue to sell, the store's settings);
 * - `OWNER`: the owner alone (paying, deleting the store, changing its currencies).
 * - `TILL`: a till token only (its roster, its PIN check), never a person's session.
 * Routes that act on the caller's own account, not on a store, declare `ACCOUNT` and never
 * resolve a store scope. A store route that declares nothing is the owner's alone.
 */
export type RoutePermission = Permission | 'MEMBER' | 'OWNER' | 'ACCOUNT' | 'TILL';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

const STAFF_ROLES_READ: Record<string, StaffRole> = { OWNER: 'OWNER', MANAGER: 'MANAGER', CASHIER: 'CASHIER' };

/** The caller's rights in a store, from their member row (an unknown role reads as a cashier's row). */
export function rightsOf(member: MemberColumns): StoreRights {
  const role = STAFF_ROLES_READ[member.member_role] ?? 'CASHIER';
  if (role === 'OWNER') return OWNER_RIGHTS;
  return { role, permissions: parsePermissions(member.member_permissions), maxDiscount: member.member_max_discount };
}

function parsePermissions(text: string): Permission[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isPermission) : [];
  } catch {
    return [];
  }
}

/** A store row read with its member columns, split into the store and the caller's rights there. */
export function splitMember<T extends StoreRow & MemberColumns>(row: T): { store: StoreRow; rights: StoreRights } {
  const { member_role, member_permissions, member_max_discount, ...store } = row;
  return { store, rights: rightsOf({ member_role, member_permissions, member_max_discount }) };
}

export function forbidden(permission: Permission | 'OWNER'): AppError {
  const message =
    permission === 'OWNER'
      ? "Only the store's owner can do this."
      : `You need the ${permission} permission for this. Ask the store's owner or a manager.`;
  return new AppError(403, ErrorCode.FORBIDDEN, message, [{ field: 'permission', message: permission }]);
}

/** Refuses (403) a caller whose rights do not meet what the route declared. */
export function assertAllowed(rights: StoreRights, needed: RoutePermission | undefined): void {
  const required = needed ?? 'OWNER';
  // TILL is decided by the credential, not by rights (access.http.ts).
  if (required === 'MEMBER' || required === 'ACCOUNT' || required === 'TILL') return;
  if (required === 'OWNER') {
    if (rights.role !== 'OWNER') throw forbidden('OWNER');
    return;
  }
  if (!hasPermission(rights, required)) throw forbidden(required);
}
