import { hash, verify } from '@node-rs/argon2';

/*
 * argon2id (the library's default algorithm) with its defaults m=19 MiB, t=2, p=1: the OWASP baseline.
 * The parameters live in each hash, so raising them later keeps old hashes verifiable.
 */

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash means "cannot sign in", not a 500.
    return false;
  }
}

/**
 * Verified when the account does not exist, so unknown emails take as long as wrong passwords and the
 * answer time does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-account-password');
  await verifyPassword(await dummyHash, password);
}
