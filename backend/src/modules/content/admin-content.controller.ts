import { Body, Controller, Delete, Get, HttpCode, Inject, Patch, Post, Put, UploadedFile, UploadedFiles, UseInterceptors, type Type } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { AdminGalleryItem, SiteProfile, SiteSettings } from '@atelier/contracts';
import { adminGalleryItemSchema, siteProfileSchema, siteSettingsSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import {
  ApiErrors,
  ApiZodMultipart,
  ApiZodResponse,
  ApiZodResponseUnchecked,
  ZodBody,
  ZodParams,
} from '../../common/openapi/api-zod.decorators';
import { parseInput } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from '../media/image-upload';
import { FileUpload, PictureUpload, type UploadForm } from '../media/file-upload.interceptor';
import { AdminContentService } from './admin-content.service';
import { COLLECTIONS, type ContentCollection } from './content-collections';
import { ContentFiles, type StoredContentFile } from './content-files';
import { GalleryUploads } from './gallery-uploads';
import { ProfilePhoto } from './profile-photo';
import {
  createBodies,
  galleryUploadFields,
  reorderBody,
  siteProfileBody,
  siteSettingsBody,
  slugKeyParams,
  updateBodies,
  uuidKeyParams,
  type CollectionName,
  type CreateBody,
  type SiteProfileBody,
  type SiteSettingsBody,
  type UpdateBody,
} from './content.schemas';

/** The home page's profile card: one document, replaced whole. */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/site')
export class AdminSiteController {
  constructor(private readonly content: AdminContentService) {}

  @Get()
  @ApiZodResponse(200, siteProfileSchema, { description: "The home page's profile card" })
  @ApiErrors(404)
  profile(): Promise<SiteProfile> {
    return this.content.profile();
  }

  @Put()
  @ApiZodResponse(200, siteProfileSchema, { description: 'The profile card as saved' })
  save(@ZodBody(siteProfileBody) profile: SiteProfileBody): Promise<SiteProfile> {
    return this.content.saveProfile(profile);
  }
}

/** The site's texts that are not lists: name, logo, footer, each page's title and description, notes. One document, replaced whole. */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/settings')
export class AdminSettingsController {
  constructor(private readonly content: AdminContentService) {}

  @Get()
  @ApiZodResponse(200, siteSettingsSchema, { description: "The site's texts" })
  settings(): Promise<SiteSettings> {
    return this.content.settings();
  }

  @Put()
  @ApiZodResponse(200, siteSettingsSchema, { description: "The site's texts as saved" })
  save(@ZodBody(siteSettingsBody) settings: SiteSettingsBody): Promise<SiteSettings> {
    return this.content.saveSettings(settings);
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
  @ApiZodMultipart(z.object({}), { picture: 'required' })
  @ApiZodResponse(200, siteProfileSchema, { description: 'The profile card, now showing the photo (re-encoded, at most 720 px)' })
  @ApiErrors(404)
  @UseInterceptors(PictureUpload('picture'))
  replace(@UploadedFile() picture: UploadedPicture | undefined): Promise<SiteProfile> {
    return this.photo.replace(picture);
  }
}

const storedFileSchema = z
  .object({
    /** The site path an item's picture or video field takes. */
    path: z.string(),
    width: z.int().optional(),
    height: z.int().optional(),
  })
  .meta({ id: 'StoredContentFile' });

/**
 * A picture or video for any content field, sent as a file from the owner's disk (`atelier projects
 * add --image ./cover.png`): stored, and answered as the path the field then takes.
 */
@ApiTags('admin: content')
@AdminOnly()
@Controller('admin/content/files')
export class AdminContentFilesController {
  constructor(private readonly files: ContentFiles) {}

  @Post('picture')
  @ApiZodMultipart(z.object({}), { picture: 'required' })
  @ApiZodResponse(201, storedFileSchema, { description: 'The picture, re-encoded (at most 2048 px), and its size' })
  @UseInterceptors(PictureUpload('picture'))
  picture(@UploadedFile() picture: UploadedPicture | undefined): Promise<StoredContentFile> {
    return this.files.picture(picture);
  }

  @Post('video')
  @ApiZodMultipart(z.object({}), { video: 'required' })
  @ApiZodResponse(201, storedFileSchema, { description: 'The video (WebM or MP4), kept as sent' })
  @UseInterceptors(FileUpload(['video'], (config) => config.videoUploadMaxBytes))
  video(@UploadedFiles() files: UploadForm<'video'>): Promise<StoredContentFile> {
    return this.files.video(files.video?.[0]);
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
  @ApiZodMultipart(galleryUploadFields, { picture: 'required' })
  @ApiZodResponse(201, adminGalleryItemSchema, { description: 'The new gallery item, its picture re-encoded with a thumbnail' })
  @ApiErrors(409)
  @UseInterceptors(PictureUpload('picture'))
  upload(@Body() body: Record<string, unknown> | undefined, @UploadedFile() picture: UploadedPicture | undefined): Promise<AdminGalleryItem> {
    return this.uploads.add(picture, parseInput(galleryUploadFields, body ?? {}));
  }

  @Post('video')
  @ApiZodMultipart(galleryUploadFields, { video: 'required', picture: 'required' })
  @ApiZodResponse(201, adminGalleryItemSchema, { description: 'The new gallery item: the video (WebM or MP4) with its poster picture' })
  @ApiErrors(409)
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
  const keyParams = collection.key === 'slug' ? slugKeyParams : uuidKeyParams(`a ${collection.noun}`);
  const item = collection.schema;
  // A collection with a unique field besides its id (a slug, a picture's hash) answers 409 to a second one.
  const clashes = collection.unique ? ([409] as const) : [];

  @ApiTags('admin: content')
  @AdminOnly()
  @Controller(`admin/content/${collection.name}`)
  class AdminCollectionController {
    constructor(@Inject(AdminContentService) private readonly content: AdminContentService) {}

    @Get()
    @ApiZodResponseUnchecked(200, z.array(item), { description: `Every ${collection.noun}, in the order the site shows them` })
    list(): Promise<unknown[]> {
      return this.content.list(collection);
    }

    @Put('order')
    @ApiZodResponseUnchecked(200, z.array(item), { description: `The list in its new order; the body names every ${collection.noun} once` })
    reorder(@ZodBody(reorderBody) { ids }: { ids: string[] }): Promise<unknown[]> {
      return this.content.reorder(collection, ids);
    }

    @Get(':id')
    @ApiZodResponseUnchecked(200, item, { description: `The ${collection.noun}` })
    @ApiErrors(404)
    get(@ZodParams(keyParams) { id }: { id: string }): Promise<unknown> {
      return this.content.get(collection, id);
    }

    @Post()
    @ApiZodResponseUnchecked(201, item, { description: `The new ${collection.noun}` })
    @ApiErrors(...clashes)
    create(@ZodBody(createBodies[collection.name]) body: CreateBody<N>): Promise<unknown> {
      return this.content.create(collection, body);
    }

    @Patch(':id')
    @ApiZodResponseUnchecked(200, item, { description: `The ${collection.noun} with the changes` })
    @ApiErrors(404, ...clashes)
    update(
      @ZodParams(keyParams) { id }: { id: string },
      @ZodBody(updateBodies[collection.name]) body: UpdateBody<N>,
    ): Promise<unknown> {
      return this.content.update(collection, id, body);
    }

    @Delete(':id')
    @HttpCode(204)
    @ApiNoContentResponse({ description: `Removed; its picture files stay (other items may show them)` })
    @ApiErrors(404)
    remove(@ZodParams(keyParams) { id }: { id: string }): Promise<void> {
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
