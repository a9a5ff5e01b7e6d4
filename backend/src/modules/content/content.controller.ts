import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnswersReadyJson, ReadyJson, sendReadyJson } from '../../common/http/ready-json';
import { Public } from '../../common/decorators/public.decorator';
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
  @ApiOkResponse({ description: 'SiteContent: profile card, career highlights, project cards, GPU ads and notices' })
  async site(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.site());
  }

  @Get('projects/:slug')
  @AnswersReadyJson()
  @ApiOkResponse({ description: 'ProjectPage: the blocks of /project/<slug>' })
  async project(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.project(slug));
  }

  @Get('gallery')
  @AnswersReadyJson()
  async gallery(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.gallery());
  }

  @Get('exhibit')
  @AnswersReadyJson()
  async exhibit(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.exhibit());
  }

  @Get('resources')
  @AnswersReadyJson()
  async resources(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.resources());
  }

  @Get('trending')
  @AnswersReadyJson()
  async trending(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendContent(request, reply, await this.content.trending());
  }
}
