import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded files' bytes live, keyed by store and file id. Local disk by default; an
 * S3-compatible implementation can replace it without touching the files module. Keys are
 * validated by the caller (ids are lowercase letters, digits and dashes), never raw user paths.
 */
export interface FileStorage {
  put(storeId: string, id: string, bytes: Buffer): Promise<void>;
  /**
   * Writes the bytes beside their place without replacing what is there: `commit` puts them in
   * place (after the database transaction that records them has committed), `discard` drops them
   * (when it failed), so a failed upload never changes the file a reader gets.
   */
  stage(storeId: string, id: string, bytes: Buffer): Promise<StagedFile>;
  /** The bytes, or undefined when nothing is stored under this key. */
  get(storeId: string, id: string): Promise<Buffer | undefined>;
  delete(storeId: string, id: string): Promise<void>;
}

export interface StagedFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]{1,200}$/;

function checkKey(storeId: string, id: string): void {
  if (!SAFE_KEY.test(storeId) || !SAFE_KEY.test(id)) throw new Error('Unsafe file storage key');
}

/** Files under `{root}/{storeId}/{id}`; writes go to a temp file then rename, so a reader never sees half a file. */
export function localFileStorage(root: string): FileStorage {
  async function stage(storeId: string, id: string, bytes: Buffer): Promise<StagedFile> {
    checkKey(storeId, id);
    const dir = join(root, storeId);
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(tmp, bytes);
    return {
      commit: () => rename(tmp, join(dir, id)),
      discard: () => rm(tmp, { force: true }),
    };
  }
  return {
    async put(storeId, id, bytes) {
      await (await stage(storeId, id, bytes)).commit();
    },
    stage,
    async get(storeId, id) {
      checkKey(storeId, id);
      try {
        return await readFile(join(root, storeId, id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(storeId, id) {
      checkKey(storeId, id);
      await rm(join(root, storeId, id), { force: true });
    },
  };
}
