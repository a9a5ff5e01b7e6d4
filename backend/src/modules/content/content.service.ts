import { Injectable } from '@nestjs/common';
import { DEFAULT_SITE_SETTINGS, type ExhibitItem, type GalleryItem, type GpuAd, type ProjectPage, type ResourceLink, type SiteContent, type SiteSettings, type TrendingUser } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { profileMissing } from './content.errors';
import { ContentRepository } from './content.repository';
import { SLUG_PATTERN } from './content.schemas';
import {
  toCareerHighlight,
  toExhibitItem,
  toGalleryItem,
  isNoticeShown,
  toGpuAd,
  toNotice,
  toProjectCard,
  toProjectPage,
  toResourceLink,
  toTrendingUser,
} from './content.serializers';

/** What the public pages read (`/api/content/*`), in the contract's shapes. */
@Injectable()
export class ContentService {
  constructor(private readonly content: ContentRepository) {}

  async site(): Promise<SiteContent> {
    const [profile, career, projects, ads, notices] = await Promise.all([
      this.content.profile(),
      this.content.list('career'),
      this.content.list('projects'),
      this.content.list('ads'),
      this.content.list('notices'),
    ]);
    if (!profile) throw profileMissing();
    const today = new Date().toISOString().slice(0, 10);
    return {
      profile,
      career: career.map(toCareerHighlight),
      projects: projects.map(toProjectCard),
      ads: ads.map(toGpuAd),
      notices: notices.filter((notice) => isNoticeShown(notice, today)).map(toNotice),
    };
  }

  /** A site seeded before its texts were content has the required ones (DEFAULT_SITE_SETTINGS) until its next start seeds them. */
  async settings(): Promise<SiteSettings> {
    return (await this.content.settings()) ?? DEFAULT_SITE_SETTINGS;
  }

  async project(slug: string): Promise<ProjectPage> {
    return toProjectPage(await this.pageRow('projects', slug, 'project page'));
  }

  async feature(slug: string): Promise<GpuAd> {
    return toGpuAd(await this.pageRow('ads', slug, 'feature page'));
  }

  /** The row a page's slug names; anything that is not a slug cannot name one, and is simply not found. */
  private async pageRow<N extends 'projects' | 'ads'>(collection: N, slug: string, page: string) {
    const row = SLUG_PATTERN.test(slug) && slug.length <= 80 ? await this.content.find(collection, slug) : undefined;
    if (!row) throw new AppError('NOT_FOUND', `No ${page} '${slug.slice(0, 80)}'`);
    return row;
  }

  async gallery(): Promise<GalleryItem[]> {
    return (await this.content.list('gallery')).map(toGalleryItem);
  }

  async exhibit(): Promise<ExhibitItem[]> {
    return (await this.content.list('exhibit')).map(toExhibitItem);
  }

  async resources(): Promise<ResourceLink[]> {
    return (await this.content.list('resources')).map(toResourceLink);
  }

  async trending(): Promise<TrendingUser[]> {
    return (await this.content.list('trending')).map(toTrendingUser);
  }
}
