import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import {
  ADMIN_COLLECTION_CONTROLLERS,
  AdminContentFilesController,
  AdminGalleryUploadController,
  AdminSettingsController,
  AdminSiteController,
  AdminSitePhotoController,
} from './admin-content.controller';
import { AdminContentService } from './admin-content.service';
import { AdminSiteCvController } from './admin-cv.controller';
import { ContentController } from './content.controller';
import { ContentFiles } from './content-files';
import { ContentRepository } from './content.repository';
import { ContentService } from './content.service';
import { CvUpload } from './cv-upload';
import { DemoContent } from './demo-content';
import { DemoContentRepository } from './demo-content.repository';
import { GalleryUploads } from './gallery-uploads';
import { ProfilePhoto } from './profile-photo';

/** Site content: the public read API and the owner's admin API over the same tables. */
@Module({
  // The admin routes' writes are rate-limited (AdminOnly).
  imports: [RateLimitModule],
  controllers: [ContentController, AdminSettingsController, AdminContentFilesController, AdminSiteController, AdminSitePhotoController, AdminSiteCvController, AdminGalleryUploadController, ...ADMIN_COLLECTION_CONTROLLERS],
  providers: [ContentRepository, ContentService, AdminContentService, ContentFiles, GalleryUploads, ProfilePhoto, CvUpload, DemoContentRepository, DemoContent],
  exports: [ContentService, DemoContent],
})
export class ContentModule {}
