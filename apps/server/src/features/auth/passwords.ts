import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (m=19456 KiB, t=2, p=1: OWASP's minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown account answers as slowly as a known one. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('agora-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Promise<Set<string>> | undefined;
/**
 * 49k passwords people really use (zxcvbn's list), lower-cased; loaded with the first new
 * password, not with the server (~10 MB).
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  );
  return common;
}

const normalise = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Python's SequenceMatcher.quick_ratio (what Django's similarity validator uses): shared
 * characters, in any order, over the combined length. 1 means an anagram.
 */
function similarity(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  const counts = new Map<string, number>();
  for (const char of b) counts.set(char, (counts.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of a) {
    const left = counts.get(char) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(char, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

export const SIMILARITY_THRESHOLD = 0.7;

/**
 * Why a new password is refused, or undefined. The shared schema already checked length and
 * "not only digits"; these are the checks that need data.
 */
export async function passwordProblem(
  password: string,
  account: { username: string; email?: string | null },
): Promise<string | undefined> {
  if ((await commonPasswords()).has(password.toLowerCase())) {
    return 'This password is too common and easy to guess; choose a less predictable one.';
  }
  const candidate = normalise(password);
  const attributes: [string, string][] = [['username', account.username]];
  if (account.email) attributes.push(['email address', account.email.split('@')[0] ?? '']);
  for (const [label, raw] of attributes) {
    const whole = normalise(raw);
    const parts = [whole, ...raw.split(/[\W_]+/).map(normalise)].filter((part) => part.length >= 3);
    if (
      (whole.length >= 3 && (candidate.includes(whole) || whole.includes(candidate))) ||
      parts.some((part) => similarity(candidate, part) >= SIMILARITY_THRESHOLD)
    ) {
      return `This password is too similar to your ${label}; choose one that does not contain it.`;
    }
  }
  return undefined;
}
