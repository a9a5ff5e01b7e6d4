import type { BotFolkIndividual } from './botfolk';
import type { ExhibitItem, GalleryItem, GpuAd, ProjectPage, ResourceLink, SiteContent, SiteSettings, TrendingUser } from './content';
import type { GenerationExamples, GenerationInfo } from './generation';

/** Which Bot Folk individual to draw: the one with this DNA line, or a new one. */
export interface IndividualQuery {
  dna?: string;
}

/**
 * The public reads a page shows, one method per read. The browser answers them over HTTP (each is a
 * GET /api/… route), the server render in-process; a page's loader calls the same method on either.
 * A read fails (throws) where its API call would, except a project that does not exist: null.
 */
export interface PublicReads {
  /** The site's name, footer, pages' titles and notes: every page reads them. */
  settings(): Promise<SiteSettings>;
  site(): Promise<SiteContent>;
  gallery(): Promise<GalleryItem[]>;
  exhibit(): Promise<ExhibitItem[]>;
  resources(): Promise<ResourceLink[]>;
  trending(): Promise<TrendingUser[]>;
  /** null: there is no project with this slug (its page answers 404). */
  project(slug: string): Promise<ProjectPage | null>;
  /** A GPU ad, for its feature page; null: there is no ad with this slug (its page answers 404). */
  feature(slug: string): Promise<GpuAd | null>;
  /** A refused DNA line throws, as GET /api/pyface answers 400. */
  pyface(query: IndividualQuery): Promise<BotFolkIndividual>;
  /** Who draws the Forge and Dream pictures. */
  generationInfo(): Promise<GenerationInfo>;
  /** The Forge and Dream pages' example pictures with the models that made them. */
  generationExamples(): Promise<GenerationExamples>;
}
