import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { SiteProfile } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import type { UploadedPicture } from '../media/image-upload';
import { mediaFileOf } from '../media/media-paths';
import { requiredUploadedFile } from '../media/picture-fields';
import { AdminContentService } from './admin-content.service';

/** Every PDF starts so (ISO 32000-1, 7.5.2); the name and the MIME header a client sends prove nothing. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** CVs this service stored, each in a folder of its own; only those are removed when the owner sends another. */
const UPLOADED_CV = /^\/assets\/cv\/([0-9a-f]{32})\/[A-Za-z0-9_][A-Za-z0-9._-]*\.pdf$/;

export const isPdf = (bytes: Buffer) => bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

/**
 * The name a visitor's download gets (the file's own name, which media-static.ts sends as the
 * Content-Disposition's): the owner's file name in letters, digits, `.`, `_` and `-`, `cv.pdf` when
 * nothing of it is left.
 */
export function cvFileName(clientName: string): string {
  const base = clientName
    .replace(/\.pdf$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off their letters: "Résumé" is "Resume"
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 80)
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${base || 'cv'}.pdf`;
}

/**
 * The owner's CV as a PDF from its bytes (`atelier site cv ./cv.pdf`): known as a PDF by its first
 * bytes, stored under /assets/cv in a folder of its own (the file keeps a readable name for the
 * download), and the profile card offers it. The CV it replaces, or `remove` takes away, is deleted
 * when it was an upload too.
 */
@Injectable()
export class CvUpload {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: AdminContentService,
  ) {}

  async replace(upload: UploadedPicture | undefined): Promise<SiteProfile> {
    const cv = requiredUploadedFile(upload, 'cv');
    if (!isPdf(cv.buffer)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The CV must be a PDF file', [{ field: 'cv', message: 'is not a PDF (it does not start with %PDF-)' }]);
    }
    const sitePath = `/assets/cv/${randomBytes(16).toString('hex')}/${cvFileName(cv.originalname)}`;
    const file = mediaFileOf(this.config.dataDir, sitePath);
    await writeFileAtomically(file, cv.buffer);
    let saved: SiteProfile;
    let previous: string | undefined;
    try {
      const profile = await this.content.profile();
      previous = profile.cv;
      saved = await this.content.saveProfile({ ...profile, cv: sitePath });
    } catch (error) {
      // Nothing half-done: a card that was not saved points at no new file, and leaves none behind.
      await fs.rm(path.dirname(file), { recursive: true, force: true });
      throw error;
    }
    if (previous !== sitePath) await this.removeUploaded(previous);
    return saved;
  }

  /** The card without a CV; answers it as saved. */
  async remove(): Promise<SiteProfile> {
    const { cv, ...profile } = await this.content.profile();
    if (cv === undefined) return profile;
    const saved = await this.content.saveProfile(profile);
    await this.removeUploaded(cv);
    return saved;
  }

  private async removeUploaded(sitePath: string | undefined): Promise<void> {
    if (!sitePath || !UPLOADED_CV.test(sitePath)) return;
    await fs.rm(path.dirname(mediaFileOf(this.config.dataDir, sitePath)), { recursive: true, force: true });
  }
}
