import { createHash, randomBytes } from 'node:crypto';

/**
 * A delivery key's secret: `udk_` and 32 random bytes in base64url (256 bits, so guessing is
 * hopeless and a plain SHA-256 is enough to keep: no salt or slow hash needed, and a read finds
 * its key by the hash in one indexed lookup). The marker lets secret scanners and people tell it
 * from other tokens.
 */
const MARKER = 'udk_';
const SECRET = /^udk_[A-Za-z0-9_-]{43}$/;
/** Characters of the secret staff see (the marker and 8 random ones): enough to tell keys apart, useless to read with. */
const PREFIX_LENGTH = MARKER.length + 8;

export const newDeliveryKeySecret = (): string => MARKER + randomBytes(32).toString('base64url');

/** Whether a header value has the shape of a secret (anything else is refused without a query). */
export const isDeliveryKeySecret = (value: string): boolean => SECRET.test(value);

/** What is stored of a secret: its SHA-256, hex. */
export const hashDeliveryKey = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const prefixOf = (secret: string): string => secret.slice(0, PREFIX_LENGTH);
