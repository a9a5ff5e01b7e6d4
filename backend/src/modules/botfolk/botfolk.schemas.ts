import { z } from 'zod';
import { DNA_LENGTH, DnaError, decodeDna } from './dna';

export const SEED_MAX_LENGTH = 64;
const DNA_ANSWER = `must be a DNA line of ${DNA_LENGTH} bases (A, C, G, T)`;

const seedField = z
  .string({ error: 'must be given once, as text' })
  .min(1, `must be 1 to ${SEED_MAX_LENGTH} characters`)
  .max(SEED_MAX_LENGTH, `must be 1 to ${SEED_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may only hold letters, digits, _ and -');

/** A DNA line that decodes; the message says what is wrong with one that does not. */
const dnaField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : DNA_ANSWER) })
  // Long enough to say "N bases long, not M" for a near miss; nothing longer is worth reading.
  .max(DNA_LENGTH * 4, `must be ${DNA_LENGTH} bases long`)
  .superRefine((dna, context) => {
    try {
      decodeDna(dna);
    } catch (error) {
      if (!(error instanceof DnaError)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
    }
  });

/** GET /api/pyface: a new individual, or the one a seed or a DNA line names (not both). */
export const pyfaceQuery = z
  .strictObject({ seed: seedField.optional(), dna: dnaField.optional() })
  .refine((query) => query.seed === undefined || query.dna === undefined, {
    message: 'cannot be combined with dna: ask by seed or by DNA',
    path: ['seed'],
  });
export type PyfaceQuery = z.output<typeof pyfaceQuery>;

/** POST /api/pyface/offspring. */
export const offspringBody = z.strictObject({ parentA: dnaField, parentB: dnaField });
export type OffspringBody = z.output<typeof offspringBody>;
