import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { AdminGalleryItem } from '@atelier/contracts';
import sharp from 'sharp';
import { AppError } from '../../common/errors/app-error';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { encodeUploadedImage, type UploadedPicture } from '../media/image-upload';
import { mediaFileOf } from '../media/media-paths';
import type { UploadForm } from '../media/file-upload.interceptor';
import { requiredUploadedFile } from '../media/picture-fields';
import { sniffVideoFormat } from '../media/video-upload';
import { AdminContentService } from './admin-content.service';
import { COLLECTIONS } from './content-collections';
import { ContentRepository } from './content.repository';
import type { CreateBody, GalleryUploadFields } from './content.schemas';

/** The gallery's pictures are kept at most this wide or high; thumbnails are square, as the seed's. */
const FULL_MAX_SIDE = 2048;
const THUMB_SIDE = 496;

/** A file to store under /assets, and its bytes. */
interface StoredFile {
  sitePath: string;
  bytes: Buffer;
}

/**
 * Adds pictures and videos to the gallery from their bytes (`atelier gallery import`): checked (and
 * pictures re-encoded) like every upload, stored under /assets/gallery, and known by the SHA-256 of
 * the bytes sent, so the same file is never added twice.
 */
@Injectable()
export class GalleryUploads {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: AdminContentService,
    private readonly repository: ContentRepository,
  ) {}

  /** A picture, with a square thumbnail. */
  async add(upload: UploadedPicture | undefined, fields: GalleryUploadFields): Promise<AdminGalleryItem> {
    const picture = requiredUploadedFile(upload, 'picture');
    const contentHash = await this.newHash(picture, 'picture');
    const full = await encodeUploadedImage(picture, 'picture', FULL_MAX_SIDE);
    const thumb = await sharp(full.buffer).resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    // A name of its own, never derived from the picture: if the same picture races in twice, the
    // loser's clean-up must not delete the files the winner's item shows.
    const name = randomBytes(16).toString('hex');
    const img = { sitePath: `/assets/gallery/${name}.${full.extension}`, bytes: full.buffer };
    const thumbFile = { sitePath: `/assets/gallery/thumbs/${name}.jpg`, bytes: thumb };
    return this.store([img, thumbFile], {
      img: img.sitePath,
      thumb: thumbFile.sitePath,
      title: fields.title,
      author: fields.author,
      width: full.width,
      height: full.height,
      video: null,
      contentHash,
    });
  }

  /** A video (WebM or MP4, kept as sent) with its poster picture, which is also its thumbnail. */
  async addVideo(files: UploadForm<'video' | 'picture'>, fields: GalleryUploadFields): Promise<AdminGalleryItem> {
    const video = requiredUploadedFile(files.video?.[0], 'video');
    const format = sniffVideoFormat(video.buffer);
    if (!format) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The video must be WebM or MP4', [{ field: 'video', message: 'is not a WebM or MP4 video' }]);
    }
    const picture = requiredUploadedFile(files.picture?.[0], 'picture');
    // The form allows a video's size for each file; a poster is held to a picture's.
    if (picture.size > this.config.uploadMaxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The poster picture is too large', [
        { field: 'picture', message: `must be at most ${this.config.uploadMaxBytes} bytes` },
      ]);
    }
    const contentHash = await this.newHash(video, 'video');
    const poster = await encodeUploadedImage(picture, 'picture', FULL_MAX_SIDE);
    const name = randomBytes(16).toString('hex');
    const clip = { sitePath: `/assets/gallery/videos/${name}.${format}`, bytes: video.buffer };
    const posterFile = { sitePath: `/assets/gallery/${name}.${poster.extension}`, bytes: poster.buffer };
    return this.store([clip, posterFile], {
      img: posterFile.sitePath,
      thumb: posterFile.sitePath,
      title: fields.title,
      author: fields.author,
      width: poster.width,
      height: poster.height,
      video: clip.sitePath,
      contentHash,
    });
  }

  /** The SHA-256 of the bytes sent; 409 when the gallery has them already. */
  private async newHash(file: UploadedPicture, field: 'picture' | 'video'): Promise<string> {
    const contentHash = createHash('sha256').update(file.buffer).digest('hex');
    const known = (await this.repository.list('gallery')).some((row) => row.contentHash === contentHash);
    if (known) throw new AppError('CONFLICT', `This ${field} is already in the gallery`, [{ field, message: 'is already in the gallery' }]);
    return contentHash;
  }

  /** Writes the files, then the item; nothing half-added: an item that was not saved leaves no files behind. */
  private async store(files: StoredFile[], item: CreateBody<'gallery'>): Promise<AdminGalleryItem> {
    const paths = files.map(({ sitePath }) => mediaFileOf(this.config.dataDir, sitePath));
    try {
      for (const [index, file] of files.entries()) await writeFileAtomically(paths[index], file.bytes);
      return (await this.content.create(COLLECTIONS.gallery, item)) as AdminGalleryItem;
    } catch (error) {
      await Promise.all(paths.map((file) => fs.rm(file, { force: true })));
      throw error;
    }
  }
}
