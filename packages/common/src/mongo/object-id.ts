import { ObjectId } from 'mongodb';
import { z } from 'zod';

/**
 * An ObjectId as the services write them (`ObjectId.isValid` also takes any 12 characters). A
 * mismatch aborts, so no refinement of an enclosing object sees the text instead of an ObjectId.
 */
export const objectIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, { message: 'must be 24 lowercase hexadecimal characters', abort: true })
  .transform((hex) => ObjectId.createFromHexString(hex));
