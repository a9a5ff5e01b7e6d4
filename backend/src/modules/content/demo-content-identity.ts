import type { Patent } from '@atelier/contracts';

/**
 * How the showcase seed's demo content is known, row by row (`atelier demo remove`). The seed's
 * definitions are the truth, but features never import the seed: db/ builds this from them
 * (db/seed/showcase.demo.ts) and provides it under DEMO_CONTENT_IDENTITY.
 */
export interface DemoContentIdentity {
  career: ReadonlyArray<{ company: string; role: string }>;
  /** Slugs. */
  projects: readonly string[];
  /** Slugs. */
  ads: readonly string[];
  /** Texts. */
  notices: readonly string[];
  trending: ReadonlyArray<{ firstName: string; lastName: string }>;
  /** Site paths of the seed's gallery pictures and sample videos' posters: a gallery item's img, an exhibit item's picture. */
  pictures: readonly string[];
  /** The stand-in's patents, as the seed wrote them on the profile card. */
  patents: readonly Patent[];
  /** Whether the seed wrote the file at this site path (a picture it drew, a sample video it copied). */
  isSeedFile(sitePath: string): boolean;
}

export const DEMO_CONTENT_IDENTITY = Symbol('DEMO_CONTENT_IDENTITY');
