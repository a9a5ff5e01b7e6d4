import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { AppError } from '../../common/errors/app-error';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { encodeUploadedImage, type UploadedPicture } from '../media/image-upload';
import { mediaRoot } from '../media/media-paths';
import { requiredPictureFile } from '../media/picture-fields';
import { AdminContentService } from './admin-content.service';
import { COLLECTIONS, type AdminGalleryItem } from './content-collections';
import { ContentRepository } from './content.repository';
import type { GalleryUploadFields } from './content.schemas';

/** The gallery's pictures are kept at most this wide or high; thumbnails are square, as the seed's. */
const FULL_MAX_SIDE = 2048;
const THUMB_SIDE = 496;

/**
 * Adds a picture to the gallery from its bytes (`atelier gallery import`): checked and re-encoded
 * like every upload, stored with a thumbnail under /assets/gallery, and known by the SHA-256 of the
 * bytes sent, so the same file is never added twice.
 */
@Injectable()
export class GalleryUploads {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: AdminContentService,
    private readonly repository: ContentRepository,
  ) {}

  async add(picture: UploadedPicture | undefined, fields: GalleryUploadFields): Promise<AdminGalleryItem> {
    picture = requiredPictureFile(picture);
    const contentHash = createHash('sha256').update(picture.buffer).digest('hex');
    const known = (await this.repository.list('gallery')).some((row) => row.contentHash === contentHash);
    if (known) {
      throw new AppError('CONFLICT', 'This picture is already in the gallery', [{ field: 'picture', message: 'is already in the gallery' }]);
    }
    const full = await encodeUploadedImage(picture, 'picture', FULL_MAX_SIDE);
    const thumb = await sharp(full.buffer).resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();

    // A name of its own, never derived from the picture: if the same picture races in twice, the
    // loser's clean-up below must not delete the files the winner's item shows.
    const name = randomBytes(16).toString('hex');
    const img = `/assets/gallery/${name}.${full.extension}`;
    const thumbPath = `/assets/gallery/thumbs/${name}.jpg`;
    const files = [this.file(img), this.file(thumbPath)];
    try {
      await writeFileAtomically(files[0], full.buffer);
      await writeFileAtomically(files[1], thumb);
      return (await this.content.create(COLLECTIONS.gallery, {
        img,
        thumb: thumbPath,
        title: fields.title,
        author: fields.author,
        width: full.width,
        height: full.height,
        video: null,
        contentHash,
      })) as AdminGalleryItem;
    } catch (error) {
      // Nothing half-added: an item that was not saved (or whose thumbnail was not) leaves no files behind.
      await Promise.all(files.map((file) => fs.rm(file, { force: true })));
      throw error;
    }
  }

  private file(assetPath: string): string {
    return path.join(mediaRoot(this.config.dataDir), assetPath.replace(/^\/assets\//, ''));
  }
}
