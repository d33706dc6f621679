import type { LoggedUser } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/types.ts';

export function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` must already be normalized (trimmed, lowercased) as the shared schema does. */
export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: DbOrTx, id: string, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** The user with the urlName of their default store, as the API's LoggedUser. */
export async function findLoggedUser(db: DbOrTx, id: string): Promise<LoggedUser | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.default_store_id')
    .selectAll('users')
    .select('stores.url_name as default_store_url_name')
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale,
    imageId: row.image_id,
    defaultStore: row.default_store_url_name ?? '',
    defaultStoreId: row.default_store_id ?? '',
    premium: Number(row.premium),
    emailConfirmed: row.email_confirmed_at !== null,
    createdAt: row.created_at,
  };
}
