import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a real verify, so an unknown email answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<void>;
}

/** argon2id with the configured cost; the hash string carries its parameters for later verifies. */
export function createPasswordHasher(cost: { memoryCost: number; timeCost: number }): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummy ??= hash('not-a-real-password-but-the-same-cost', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
