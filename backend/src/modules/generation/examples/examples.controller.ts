import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { GenerationExamples } from '@atelier/contracts';
import { generationExamplesSchema } from '@atelier/contracts/schemas';
import type { FastifyReply } from 'fastify';
import { Public } from '../../../common/decorators/public.decorator';
import { AppError } from '../../../common/errors/app-error';
import { ApiBinaryResponse, ApiErrors, ApiZodParams, ApiZodResponse } from '../../../common/openapi/api-zod.decorators';
import { examplePlace, examplePlaceParams } from './examples.schemas';
import { ExamplesService } from './examples.service';

/** The example pictures the Forge and Dream pages show before a first result, public as the pages are. */
@ApiTags('generation')
@Public()
@Controller('generation/examples')
export class ExamplesController {
  constructor(private readonly examples: ExamplesService) {}

  @Get()
  @ApiZodResponse(200, generationExamplesSchema, {
    description: "Each page's examples in order: the picture's /assets URL, its prompt and the model that made it",
  })
  list(): Promise<GenerationExamples> {
    return this.examples.list();
  }

  @Get(':page/:position')
  @ApiZodParams(examplePlaceParams)
  @ApiBinaryResponse(200, ['image/png', 'image/jpeg'], 'Example picture n (from 1) of the forge or dream page, as stored')
  @ApiErrors(404)
  async picture(@Param('page') page: string, @Param('position') position: string, @Res() reply: FastifyReply): Promise<void> {
    const picture = await this.examples.picture(examplePlace(page, position));
    if (!picture) throw new AppError('NOT_FOUND', `The ${page} page has no example ${position} yet`);
    reply.header('Cache-Control', 'public, max-age=3600');
    await reply.type(picture.type).send(picture.bytes);
  }
}
