import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  exhibitItemSchema,
  galleryItemSchema,
  gpuAdSchema,
  projectPageSchema,
  resourceLinkSchema,
  siteContentSchema,
  siteSettingsSchema,
  trendingUserSchema,
} from '@atelier/contracts/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AnswersReadyJson, ReadyJson, sendReadyJson } from '../../common/http/ready-json';
import { Public } from '../../common/decorators/public.decorator';
import { ApiErrors, ApiZodResponseUnchecked } from '../../common/openapi/api-zod.decorators';
import { ContentService } from './content.service';

/** Content changes rarely and only through the admin API: browsers may reuse an answer for a minute. */
const CACHE_CONTROL = 'public, max-age=60';

/** Sends `value` as JSON with a weak ETag of its bytes (a 304 when the client has them already). */
function sendContent(request: FastifyRequest, reply: FastifyReply, value: unknown): FastifyReply | Promise<FastifyReply> {
  reply.header('Cache-Control', CACHE_CONTROL);
  return sendReadyJson(request, reply, ReadyJson.of(value));
}

/** The public pages' content, read-only (`/api/content/*`); the owner edits it at /api/admin/content. */
@ApiTags('content')
@Public()
@Controller('content')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('site')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, siteContentSchema, { description: 'The profile card, career highlights, project cards, GPU ads and notices' })
  @ApiErrors(404)
  async site(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.site());
  }

  @Get('settings')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, siteSettingsSchema, { description: "The site's name, footer, pages' titles and descriptions, and notes" })
  async settings(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.settings());
  }

  @Get('projects/:slug')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, projectPageSchema, { description: 'The blocks of /project/<slug>' })
  @ApiErrors(404)
  async project(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.project(slug));
  }

  @Get('ads/:slug')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, gpuAdSchema, { description: 'One GPU ad, for its page /feature/<slug>' })
  @ApiErrors(404)
  async feature(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.feature(slug));
  }

  @Get('gallery')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, z.array(galleryItemSchema), { description: 'The gallery, in the order it shows' })
  async gallery(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.gallery());
  }

  @Get('exhibit')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, z.array(exhibitItemSchema), { description: 'The exhibit, in the order it shows' })
  async exhibit(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.exhibit());
  }

  @Get('resources')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, z.array(resourceLinkSchema), { description: 'The developer resource links, in the order they show' })
  async resources(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.resources());
  }

  @Get('trending')
  @AnswersReadyJson()
  @ApiZodResponseUnchecked(200, z.array(trendingUserSchema), { description: 'The trending users the Matrix Network sidebar shows' })
  async trending(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.trending());
  }
}
