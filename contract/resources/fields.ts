import { z } from 'zod';

/** An optional phone number in a save body: empty, or digits with +, -, ( ) and spaces. */
export const OptionalPhone = z.union([
  z.literal(''),
  z.string().trim().regex(/^[0-9+\-() ]{3,32}$/, 'phone must be digits, +, -, ( ) or spaces'),
]).default('');
