import * as argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20 ms a hash on a server core.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

// Verified when the email is unknown, so that answer takes as long as a wrong password does.
let decoyHash: Promise<string> | undefined;

/** True only for a stored hash that matches; an absent hash costs the same time and answers false. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const hash = storedHash ?? (await (decoyHash ??= hashPassword('decoy-password-for-unknown-emails')));
  try {
    const matches = await argon2.verify(hash, password);
    return matches && storedHash !== undefined;
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}
