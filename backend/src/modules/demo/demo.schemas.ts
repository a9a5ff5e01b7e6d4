// Request schemas of the demo's removal: strict (unknown fields are refused).
import { z } from 'zod';

const withMembers = z.boolean({ error: 'must be true or false' });

export const demoRemoveBody = z.strictObject({
  /** Also the demo's Matrix Network members, with their posts, likes, comments and friendships (never the guest). */
  members: withMembers.default(false),
});
export type DemoRemoveBody = z.output<typeof demoRemoveBody>;

/** The dry run takes the same choice as a query parameter: `?members=true`. */
export const demoQuery = z.strictObject({
  members: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
});
export type DemoQuery = z.output<typeof demoQuery>;
