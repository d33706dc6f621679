import { AppError } from '../core/errors.ts';
import type { DbOrTx } from './database.ts';
import { writeTask } from './write-task.ts';

/** Write tasks for sqlite-write-worker.test.ts, loaded by the worker thread from this file. */
interface NewUser {
  id: string;
  name: string;
  /** Throws this status as an AppError after the insert, or stops the thread. */
  fail?: number | 'exit';
}

export async function addUser(trx: DbOrTx, user: NewUser): Promise<{ at: Date; count: number }> {
  await trx
    .insertInto('users')
    .values({
      id: user.id,
      email: `${user.id}@example.com`,
      password_hash: 'x',
      name: user.name,
      locale: 'en-US',
      premium: 0,
      created_at: '2026-01-01',
    })
    .execute();
  if (user.fail === 'exit') process.exit(3);
  if (user.fail)
    throw new AppError(user.fail, 'FREE_LIMIT_REACHED', `refused ${user.id}`, [{ field: 'id', message: user.id }]);
  const { count } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { at: new Date('2026-01-02T03:04:05Z'), count };
}

export const addUserTask = writeTask(import.meta.url, 'addUser', addUser);
export const missingTask = writeTask<NewUser, unknown>(import.meta.url, 'noSuchExport', addUser);
/** `addUser` answered once committed, before its sync (write-task.ts `answerAtCommit`). */
export const addUserAtCommitTask = writeTask(import.meta.url, 'addUser', addUser, { answerAtCommit: true });
