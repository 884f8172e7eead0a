import { ObjectId } from 'mongodb';
import { z } from 'zod';

/**
 * An ObjectId written as the services write them: 24 lowercase hexadecimal characters. Anything
 * else identifies nothing (`ObjectId.isValid` alone would also take any 12-character string).
 */
export const objectIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'must be 24 lowercase hexadecimal characters')
  .transform((hex) => ObjectId.createFromHexString(hex));
