import { Injectable } from '@nestjs/common';
import type {
  BotFolkIndividual,
  ExhibitItem,
  GalleryItem,
  GpuAd,
  GenerationExamples,
  GenerationInfo,
  IndividualQuery,
  ProjectPage,
  PublicReads,
  ResourceLink,
  SiteContent,
  SiteSettings,
  TrendingUser,
} from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { pyfaceQuery } from '../botfolk/botfolk.schemas';
import { BotFolkService } from '../botfolk/botfolk.service';
import { ContentService } from '../content/content.service';
import { ExamplesService } from '../generation/examples/examples.service';
import { WorkersService } from '../generation/workers/workers.service';

/**
 * The public reads answered in-process, as their GET /api routes answer them: what the server render
 * of a page reads. The answers are plain JSON values (no Date or class instances), so the page
 * carries them as they are.
 */
@Injectable()
export class PublicReadsService implements PublicReads {
  constructor(
    private readonly content: ContentService,
    private readonly botfolk: BotFolkService,
    private readonly workers: WorkersService,
    private readonly examples: ExamplesService,
  ) {}

  settings(): Promise<SiteSettings> {
    return this.content.settings();
  }

  site(): Promise<SiteContent> {
    return this.content.site();
  }

  gallery(): Promise<GalleryItem[]> {
    return this.content.gallery();
  }

  exhibit(): Promise<ExhibitItem[]> {
    return this.content.exhibit();
  }

  resources(): Promise<ResourceLink[]> {
    return this.content.resources();
  }

  trending(): Promise<TrendingUser[]> {
    return this.content.trending();
  }

  generationInfo(): Promise<GenerationInfo> {
    return this.workers.info();
  }

  generationExamples(): Promise<GenerationExamples> {
    return this.examples.list();
  }

  project(slug: string): Promise<ProjectPage | null> {
    return orNull(this.content.project(slug));
  }

  feature(slug: string): Promise<GpuAd | null> {
    return orNull(this.content.feature(slug));
  }

  /** Checked as GET /api/pyface checks its query: a DNA line it refuses throws. */
  async pyface(query: IndividualQuery): Promise<BotFolkIndividual> {
    return this.botfolk.individual(pyfaceQuery.parse(query));
  }
}

/** A page about content that is not there answers null, as its 404 says over HTTP. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
