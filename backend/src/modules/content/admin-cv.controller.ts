import { Controller, Delete, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SiteProfile } from '@atelier/contracts';
import { siteProfileSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import { ApiErrors, ApiZodMultipart, ApiZodResponse } from '../../common/openapi/api-zod.decorators';
import type { UploadedPicture } from '../media/image-upload';
import { FileUpload } from '../media/file-upload.interceptor';
import { CvUpload } from './cv-upload';

/** The owner's CV, a PDF sent as a file (`atelier site cv`); answers the profile card that now offers it, or no longer does. */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/site/cv')
export class AdminSiteCvController {
  constructor(private readonly cv: CvUpload) {}

  @Post()
  @HttpCode(200)
  @ApiZodMultipart(z.object({}), { cv: 'required' })
  @ApiZodResponse(200, siteProfileSchema, { description: 'The profile card, now offering the CV (a PDF, at most CV_UPLOAD_MAX_BYTES) for download' })
  @ApiErrors(404)
  @UseInterceptors(FileUpload(['cv'], (config) => config.cvUploadMaxBytes))
  replace(@UploadedFile() cv: UploadedPicture | undefined): Promise<SiteProfile> {
    return this.cv.replace(cv);
  }

  @Delete()
  @ApiZodResponse(200, siteProfileSchema, { description: 'The profile card without a CV; an uploaded one is deleted' })
  @ApiErrors(404)
  remove(): Promise<SiteProfile> {
    return this.cv.remove();
  }
}
