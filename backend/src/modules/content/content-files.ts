import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { encodeUploadedImage, type UploadedPicture } from '../media/image-upload';
import { mediaFileOf } from '../media/media-paths';
import { requiredUploadedFile } from '../media/picture-fields';
import { sniffVideoFormat } from '../media/video-upload';

/** Content pictures are kept at most this wide or high: a project's cover at 3x, a page's gallery full width. */
const PICTURE_MAX_SIDE = 2048;

/** A file stored for content: the site path an item's field takes, and a picture's size. */
export interface StoredContentFile {
  path: string;
  width?: number;
  height?: number;
}

/**
 * Pictures and videos from the owner's disk for any content field (`atelier projects add --image
 * ./cover.png`): checked like every upload (pictures decoded and re-encoded, videos known by their
 * bytes), stored under /assets/content with a name of their own, and answered as the site path the
 * field then takes. The item is written by its own call: a file no item names is only a file.
 */
@Injectable()
export class ContentFiles {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async picture(upload: UploadedPicture | undefined): Promise<StoredContentFile> {
    const picture = await encodeUploadedImage(requiredUploadedFile(upload, 'picture'), 'picture', PICTURE_MAX_SIDE);
    const path = await this.store(picture.extension, picture.buffer);
    return { path, width: picture.width, height: picture.height };
  }

  async video(upload: UploadedPicture | undefined): Promise<StoredContentFile> {
    const video = requiredUploadedFile(upload, 'video');
    const format = sniffVideoFormat(video.buffer);
    if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The video must be WebM or MP4', [{ field: 'video', message: 'is not a WebM or MP4 video' }]);
    return { path: await this.store(format, video.buffer) };
  }

  private async store(extension: string, bytes: Buffer): Promise<string> {
    const path = `/assets/content/${randomBytes(16).toString('hex')}.${extension}`;
    await writeFileAtomically(mediaFileOf(this.config.dataDir, path), bytes);
    return path;
  }
}
