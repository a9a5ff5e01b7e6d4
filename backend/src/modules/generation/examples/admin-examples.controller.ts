import { Body, Controller, Get, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminGenerationExample } from '@atelier/contracts';
import { adminGenerationExampleSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { AdminOnly } from '../../../common/guards/admin-token.guard';
import { ApiErrors, ApiZodMultipart, ApiZodParams, ApiZodResponse } from '../../../common/openapi/api-zod.decorators';
import { parseInput } from '../../../common/validation/zod-validation.pipe';
import { PictureUpload } from '../../media/file-upload.interceptor';
import type { UploadedPicture } from '../../media/image-upload';
import { examplePlace, examplePlaceParams, exampleUploadFields } from './examples.schemas';
import { ExamplesService } from './examples.service';

/** The owner's example pictures (`atelier examples ...`): list, replace with a picture of theirs, restore Atelier's own. */
@ApiTags('admin: examples')
@AdminOnly()
@Controller('admin/examples')
export class AdminExamplesController {
  constructor(private readonly examples: ExamplesService) {}

  @Get()
  @ApiZodResponse(200, z.array(adminGenerationExampleSchema), {
    description: 'Every example of both pages, with its model, prompt, picture and whether it is built in',
  })
  list(): Promise<AdminGenerationExample[]> {
    return this.examples.adminList();
  }

  @Post(':page/:position')
  @HttpCode(200)
  @ApiZodParams(examplePlaceParams)
  @ApiZodMultipart(exampleUploadFields, { picture: 'required' })
  @ApiZodResponse(200, adminGenerationExampleSchema, {
    description: 'The example now shown: the picture (field "picture", JPEG or PNG) with its model and, optionally, prompt',
  })
  @ApiErrors(404)
  @UseInterceptors(PictureUpload('picture'))
  replace(
    @Param('page') page: string,
    @Param('position') position: string,
    @Body() body: Record<string, unknown> | undefined,
    @UploadedFile() picture: UploadedPicture | undefined,
  ): Promise<AdminGenerationExample> {
    const place = examplePlace(page, position);
    return this.examples.replace(place, picture, parseInput(exampleUploadFields, body ?? {}));
  }

  @Post(':page/:position/reset')
  @HttpCode(200)
  @ApiZodParams(examplePlaceParams)
  @ApiZodResponse(200, adminGenerationExampleSchema, {
    description: "The example shows Atelier's own picture again; a picture the owner sent for it is removed",
  })
  @ApiErrors(404)
  reset(@Param('page') page: string, @Param('position') position: string): Promise<AdminGenerationExample> {
    return this.examples.reset(examplePlace(page, position));
  }
}
