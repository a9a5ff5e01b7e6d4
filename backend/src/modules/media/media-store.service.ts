import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import type { EncodedImage } from './image-upload';
import { GUEST_UPLOAD_PREFIX, mediaDir, STORED_NAME, type UploadKind } from './media-paths';

/** Writes and removes stored images under DATA_DIR/media/<kind>, always under generated names. */
@Injectable()
export class MediaStore {
  private readonly logger = new Logger(MediaStore.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Saves the image and answers its file name (the `picturePath` the API hands out); `guest`: a sandbox's upload. */
  async save(kind: UploadKind, image: EncodedImage, { guest = false } = {}): Promise<string> {
    return saveImage(this.config.dataDir, kind, image, guest ? GUEST_UPLOAD_PREFIX : '');
  }

  /** Best effort: a file that cannot be removed is logged, never an error for the caller. */
  async remove(kind: UploadKind, fileName: string | null | undefined): Promise<void> {
    if (!fileName) return;
    await removeImage(this.config.dataDir, kind, fileName).catch((error: unknown) => {
      this.logger.warn({ err: error, kind, fileName }, 'Could not remove a stored image');
    });
  }
}

/** Stores the image under a new generated name, atomically. */
export async function saveImage(dataDir: string, kind: UploadKind, image: EncodedImage, prefix = ''): Promise<string> {
  const fileName = `${prefix}${randomBytes(16).toString('hex')}.${image.extension}`;
  await writeFileAtomically(path.join(mediaDir(dataDir, kind), fileName), image.buffer);
  return fileName;
}

/** Removes a stored image; only generated names are touched, and a missing file is not an error. */
export async function removeImage(dataDir: string, kind: UploadKind, fileName: string): Promise<void> {
  if (!STORED_NAME.test(fileName)) return;
  await fs.rm(path.join(mediaDir(dataDir, kind), fileName), { force: true });
}
