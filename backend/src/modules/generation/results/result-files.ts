import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { readFileIfExists, writeFileAtomically } from '../../../common/files/atomic-files';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { mediaDir } from '../../media/media-paths';

const KIND = 'generated';
/** A job's picture is `<job id>.png`; nothing else is ever read or removed through here. */
const RESULT_NAME = /^[0-9a-f-]{36}\.png$/;

/**
 * Finished pictures, kept because remote providers expire theirs: DATA_DIR/media/generated/<job>.png,
 * served at /assets/generated/<job>.png.
 */
@Injectable()
export class ResultFiles {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = mediaDir(config.dataDir, KIND);
  }

  /** Written atomically, so a reader never sees half a picture. */
  async save(jobId: string, png: Buffer): Promise<string> {
    const file = `${jobId}.png`;
    await writeFileAtomically(path.join(this.dir, file), png);
    return file;
  }

  /** The picture's bytes, or undefined when the file is gone. */
  async read(file: string): Promise<Buffer | undefined> {
    return RESULT_NAME.test(file) ? readFileIfExists(path.join(this.dir, file)) : undefined;
  }

  async remove(file: string): Promise<void> {
    if (RESULT_NAME.test(file)) await fs.rm(path.join(this.dir, file), { force: true });
  }

  urlOf(file: string): string {
    return `/assets/${KIND}/${file}`;
  }
}
