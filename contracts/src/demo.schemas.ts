// The demo removal's report as a zod schema (see errors.schemas.ts for why).
import { z } from 'zod';

export const demoRemovalSchema = z
  .object({
    /** true: GET /api/admin/demo, which removes nothing and says what POST /api/admin/demo/remove would. */
    dryRun: z.boolean(),
    /** Career highlights the seed made, known by company and role. */
    career: z.int(),
    /** The seed's patents taken off the profile card: those still equal to the seed's (the owner's stay). */
    patents: z.int(),
    /** Projects with their pages, known by slug. */
    projects: z.int(),
    /** GPU ads, known by slug. */
    ads: z.int(),
    /** Notices, known by their text. */
    notices: z.int(),
    /** Gallery items, known by their picture. */
    gallery: z.int(),
    /** Exhibit items, known by their picture. */
    exhibit: z.int(),
    /** Trending people, known by name. */
    trending: z.int(),
    /** Files the seed wrote (pictures, thumbnails, sample videos, members' faces, posts' pictures) deleted because nothing left names them. */
    pictures: z.int(),
    /** The rest only with `members: true`: the demo's Matrix Network members, known by email (never the guest). */
    members: z.int().optional(),
    /** Their posts. */
    posts: z.int().optional(),
    /** Comments by them or on their posts. */
    comments: z.int().optional(),
    /** Likes by them or of their posts. */
    likes: z.int().optional(),
    /** Friendships with them, each counted once. */
    friendships: z.int().optional(),
  })
  .meta({ id: 'DemoRemoval' });
