import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { SiteProfile } from '@atelier/contracts';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { encodeUploadedImage, type UploadedPicture } from '../media/image-upload';
import { mediaFileOf } from '../media/media-paths';
import { requiredUploadedFile } from '../media/picture-fields';
import { AdminContentService } from './admin-content.service';

/** The card shows the photo at 180 px; this is enough for a 3x screen and for the zoom of a phone. */
const PHOTO_MAX_SIDE = 720;

/** Photos this service stored; only those are removed when the owner sends another. */
const UPLOADED_PHOTO = /^\/assets\/img\/profile-[0-9a-f]{32}\.(jpg|png)$/;

/**
 * The profile card's photo from its bytes (`atelier setup`): checked and re-encoded like every
 * upload, stored under /assets/img, and the card points at it. The photo it replaces is removed if
 * it was an upload too (the seed's stays).
 */
@Injectable()
export class ProfilePhoto {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: AdminContentService,
  ) {}

  async replace(upload: UploadedPicture | undefined): Promise<SiteProfile> {
    const picture = requiredUploadedFile(upload);
    const photo = await encodeUploadedImage(picture, 'picture', PHOTO_MAX_SIDE);
    const sitePath = `/assets/img/profile-${randomBytes(16).toString('hex')}.${photo.extension}`;
    const file = mediaFileOf(this.config.dataDir, sitePath);
    await writeFileAtomically(file, photo.buffer);
    let saved: SiteProfile;
    let previous: string;
    try {
      const profile = await this.content.profile();
      previous = profile.photo;
      saved = await this.content.saveProfile({ ...profile, photo: sitePath });
    } catch (error) {
      // Nothing half-done: a card that was not saved points at no new file, and leaves none behind.
      await fs.rm(file, { force: true });
      throw error;
    }
    if (UPLOADED_PHOTO.test(previous) && previous !== sitePath) await fs.rm(mediaFileOf(this.config.dataDir, previous), { force: true });
    return saved;
  }
}
