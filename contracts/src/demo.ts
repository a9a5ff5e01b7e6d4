// The demo's fictional content (issue #39): what a fresh install is seeded with and the owner removes
// once the site is theirs (`atelier demo remove`, `atelier setup`). GET /api/admin/demo answers what
// POST /api/admin/demo/remove would remove; both answer the same report. The shape is inferred from
// its zod schema (demo.schemas.ts), as the OpenAPI document is.
import type { z } from 'zod';
import type { demoRemovalSchema } from './demo.schemas';

/** The showcase's kinds of demo content, in the order a report lists them. */
export const DEMO_CONTENT_KINDS = ['career', 'patents', 'projects', 'ads', 'notices', 'gallery', 'exhibit', 'trending'] as const;
export type DemoContentKind = (typeof DEMO_CONTENT_KINDS)[number];

/** What goes with the demo's Matrix Network members (`members: true`), in report order. */
export const DEMO_MEMBER_KINDS = ['members', 'posts', 'comments', 'likes', 'friendships'] as const;
export type DemoMemberKind = (typeof DEMO_MEMBER_KINDS)[number];

/** How many of each kind went (or, in a dry run, would go), and the files deleted with them. */
export type DemoRemoval = z.infer<typeof demoRemovalSchema>;
