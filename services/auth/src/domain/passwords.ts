// Password hashing with argon2id; the cost comes from configuration (OWASP's minimum by default).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password; a missing hash (provider-only account) still costs one verification. */
  verify(hashed: string | undefined | null, password: string): Promise<boolean>;
}

export function passwordHasher(cost: PasswordCost): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...cost };
  // Verifying against a real hash when there is none keeps "no password" as slow as "wrong password".
  const decoy = hash('decoy password that matches nothing', options);
  return {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      if (!hashed) {
        await verify(await decoy, password);
        return false;
      }
      return verify(hashed, password);
    },
  };
}
