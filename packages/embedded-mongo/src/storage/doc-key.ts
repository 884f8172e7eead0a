import { createHash } from 'node:crypto';

// LMDB rejects keys above ~1978 bytes; long _id keys are replaced by a digest of themselves.
const MAX_ID_KEY_LENGTH = 1500; // bytes, leaving room for the namespace

// ordered-binary marks a string whose first character is below 28 with this byte.
const LOW_FIRST_CHARACTER = 27;
// ...and writes each character 0 to 4 as this byte and the character.
const ESCAPE = 4;

/**
 * A string as lmdb's default key encoding (ordered-binary) writes one shorter than 64 UTF-16 units:
 * UTF-8, with the characters 0 to 4 escaped. That encoding writes a longer string as plain UTF-8,
 * unescaped, so `<ns>\0<id>` with a long `_id` key came out as `<ns> 00 <id>` while the range of
 * its namespace (`<ns>\0` to `<ns>\1`, short strings) spans `<ns> 04 00` to `<ns> 04 01`: such a
 * document was written but never read back at start-up, nor removed by a drop. Encoding every key
 * here the one way keeps the bytes of every key stored before that was read back.
 */
function keyBytes(text: string): Buffer {
  const bytes: number[] = [];
  if (!(text.charCodeAt(0) >= 28)) bytes.push(LOW_FIRST_CHARACTER);
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code <= 4) bytes.push(ESCAPE, code);
    else if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push((code >> 6) | 0xc0, (code & 0x3f) | 0x80);
    else if ((code & 0xfc00) === 0xd800 && (next & 0xfc00) === 0xdc00) {
      code = 0x10000 + ((code & 0x03ff) << 10) + (next & 0x03ff);
      i += 1;
      bytes.push(
        (code >> 18) | 0xf0,
        ((code >> 12) & 0x3f) | 0x80,
        ((code >> 6) & 0x3f) | 0x80,
        (code & 0x3f) | 0x80,
      );
    } else {
      // A lone surrogate is written as its own three bytes, as ordered-binary does.
      bytes.push((code >> 12) | 0xe0, ((code >> 6) & 0x3f) | 0x80, (code & 0x3f) | 0x80);
    }
  }
  return Buffer.from(bytes);
}

/** The LMDB key of a document: `<ns>\0<_id key>`, encoded by `keyBytes`. */
export function docKey(ns: string, id: string): Buffer {
  const idPart =
    Buffer.byteLength(id) > MAX_ID_KEY_LENGTH
      ? `#${createHash('sha256').update(id).digest('base64')}`
      : id;
  return keyBytes(`${ns}\u0000${idPart}`);
}

/** The keys of every document of a namespace lie between these (`end` excluded). */
export function namespaceRange(ns: string): { start: Buffer; end: Buffer } {
  return { start: keyBytes(`${ns}\u0000`), end: keyBytes(`${ns}\u0001`) };
}
