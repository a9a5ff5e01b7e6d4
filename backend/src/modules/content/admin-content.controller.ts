import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, UploadedFile, UploadedFiles, UseInterceptors, type Type } from '@nestjs/common';
import { ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SiteProfile } from '@atelier/contracts';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import { parseInput, ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from '../media/image-upload';
import { FileUpload, PictureUpload, type UploadForm } from '../media/file-upload.interceptor';
import { AdminContentService } from './admin-content.service';
import { COLLECTIONS, type AdminGalleryItem, type ContentCollection } from './content-collections';
import { GalleryUploads } from './gallery-uploads';
import { ProfilePhoto } from './profile-photo';
import {
  createBodies,
  galleryUploadFields,
  reorderBody,
  siteProfileBody,
  slugKeyParams,
  updateBodies,
  uuidKeyParams,
  type CollectionName,
  type CreateBody,
  type SiteProfileBody,
  type UpdateBody,
} from './content.schemas';

/** The home page's profile card: one document, replaced whole. */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/site')
export class AdminSiteController {
  constructor(private readonly content: AdminContentService) {}

  @Get()
  profile(): Promise<SiteProfile> {
    return this.content.profile();
  }

  @Put()
  save(@Body(new ZodValidationPipe(siteProfileBody)) profile: SiteProfileBody): Promise<SiteProfile> {
    return this.content.saveProfile(profile);
  }
}

/** The profile card's photo, sent as a file (`atelier setup`); answers the card that now shows it. */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/site/photo')
export class AdminSitePhotoController {
  constructor(private readonly photo: ProfilePhoto) {}

  @Post()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PictureUpload('picture'))
  replace(@UploadedFile() picture: UploadedPicture | undefined): Promise<SiteProfile> {
    return this.photo.replace(picture);
  }
}

/**
 * A picture for the gallery, sent as a file (`atelier gallery import`); a known picture is 409. At
 * `/video`, a video (WebM or MP4) in the "video" field with its poster in the "picture" field.
 */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/gallery/upload')
export class AdminGalleryUploadController {
  constructor(private readonly uploads: GalleryUploads) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PictureUpload('picture'))
  upload(@Body() body: Record<string, unknown> | undefined, @UploadedFile() picture: UploadedPicture | undefined): Promise<AdminGalleryItem> {
    return this.uploads.add(picture, parseInput(galleryUploadFields, body ?? {}));
  }

  @Post('video')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileUpload(['video', 'picture'], (config) => config.videoUploadMaxBytes))
  uploadVideo(
    @Body() body: Record<string, unknown> | undefined,
    @UploadedFiles() files: UploadForm<'video' | 'picture'>,
  ): Promise<AdminGalleryItem> {
    return this.uploads.addVideo(files, parseInput(galleryUploadFields, body ?? {}));
  }
}

/**
 * The same six routes for every collection, `/api/admin/content/<name>`: list, one, create,
 * change, remove, and `PUT order` with every id in the new order.
 */
function adminCollectionController<N extends CollectionName>(collection: ContentCollection<N>): Type {
  const key = new ZodValidationPipe(collection.key === 'slug' ? slugKeyParams : uuidKeyParams(`a ${collection.noun}`));

  @ApiTags('admin: content')
  @AdminOnly()
  @Controller(`admin/content/${collection.name}`)
  class AdminCollectionController {
    constructor(@Inject(AdminContentService) private readonly content: AdminContentService) {}

    @Get()
    @ApiOkResponse({ description: `Every ${collection.noun}, in the order the site shows them` })
    list(): Promise<unknown[]> {
      return this.content.list(collection);
    }

    @Put('order')
    @ApiOkResponse({ description: `The list in its new order; the body names every ${collection.noun} once` })
    reorder(@Body(new ZodValidationPipe(reorderBody)) { ids }: { ids: string[] }): Promise<unknown[]> {
      return this.content.reorder(collection, ids);
    }

    @Get(':id')
    get(@Param(key) { id }: { id: string }): Promise<unknown> {
      return this.content.get(collection, id);
    }

    @Post()
    create(@Body(new ZodValidationPipe(createBodies[collection.name])) body: CreateBody<N>): Promise<unknown> {
      return this.content.create(collection, body);
    }

    @Patch(':id')
    update(
      @Param(key) { id }: { id: string },
      @Body(new ZodValidationPipe(updateBodies[collection.name])) body: UpdateBody<N>,
    ): Promise<unknown> {
      return this.content.update(collection, id, body);
    }

    @Delete(':id')
    @HttpCode(204)
    @ApiNoContentResponse({ description: `Removed; its picture files stay (other items may show them)` })
    remove(@Param(key) { id }: { id: string }): Promise<void> {
      return this.content.remove(collection, id);
    }
  }

  // Nest and the OpenAPI document name controllers by their class.
  const pascal = collection.name.charAt(0).toUpperCase() + collection.name.slice(1);
  Object.defineProperty(AdminCollectionController, 'name', { value: `Admin${pascal}ContentController` });
  return AdminCollectionController;
}

export const ADMIN_COLLECTION_CONTROLLERS: Type[] = Object.values(COLLECTIONS).map((collection) =>
  adminCollectionController(collection as ContentCollection),
);
