/** Password hashing with node:crypto scrypt: salted, timing-safe comparison. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 64;
const PARAMS = { N: 16384, r: 8, p: 1 };

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt$N$r$p$salt$hash, base64 parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  // A corrupted hash is a failed sign-in, not a server error.
  const sane =
    Number.isInteger(options.N) &&
    options.N >= 1024 &&
    options.N <= 2 ** 17 &&
    (options.N & (options.N - 1)) === 0 &&
    Number.isInteger(options.r) &&
    options.r >= 1 &&
    options.r <= 32 &&
    Number.isInteger(options.p) &&
    options.p >= 1 &&
    options.p <= 16;
  if (!sane) return false;
  const expected = Buffer.from(keyText, "base64");
  try {
    const actual = await scrypt(password, Buffer.from(saltText, "base64"), options);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** A hash no password matches: compared against when the user does not exist, to keep timing flat. */
export const DUMMY_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;
