import { ObjectId } from 'mongodb';
import { z } from 'zod';

/**
 * An ObjectId written as the services write them: 24 lowercase hexadecimal characters. Anything
 * else identifies nothing (`ObjectId.isValid` alone would also take any 12-character string).
 * A mismatch aborts, so no refinement of an enclosing array or object ever sees the text where
 * it expects the ObjectId (`item.productId.toHexString` of a malformed id was a TypeError 500).
 */
export const objectIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, { message: 'must be 24 lowercase hexadecimal characters', abort: true })
  .transform((hex) => ObjectId.createFromHexString(hex));
