import { createHash } from 'node:crypto';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/decorators/public.decorator';
import { ContentService } from './content.service';

/** Content changes rarely and only through the admin API: browsers may reuse an answer for a minute. */
const CACHE_CONTROL = 'public, max-age=60';

/**
 * Sends `value` as JSON with a weak ETag of its bytes; Express answers 304 to a request whose
 * If-None-Match names it, so a revalidating browser downloads nothing while the content is unchanged.
 */
function sendContent(response: Response, value: unknown): string {
  const body = JSON.stringify(value);
  response.setHeader('Cache-Control', CACHE_CONTROL);
  response.setHeader('ETag', `W/"${createHash('sha1').update(body).digest('base64url')}"`);
  response.type('application/json');
  return body;
}

/** The public pages' content, read-only (`/api/content/*`); the owner edits it at /api/admin/content. */
@ApiTags('content')
@Public()
@Controller('content')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('site')
  @ApiOkResponse({ description: 'SiteContent: profile card, career highlights, project cards, GPU ads and notices' })
  async site(@Res({ passthrough: true }) response: Response): Promise<string> {
    return sendContent(response, await this.content.site());
  }

  @Get('projects/:slug')
  @ApiOkResponse({ description: 'ProjectPage: the blocks of /project/<slug>' })
  async project(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    return sendContent(response, await this.content.project(slug));
  }

  @Get('gallery')
  async gallery(@Res({ passthrough: true }) response: Response): Promise<string> {
    return sendContent(response, await this.content.gallery());
  }

  @Get('exhibit')
  async exhibit(@Res({ passthrough: true }) response: Response): Promise<string> {
    return sendContent(response, await this.content.exhibit());
  }

  @Get('resources')
  async resources(@Res({ passthrough: true }) response: Response): Promise<string> {
    return sendContent(response, await this.content.resources());
  }

  @Get('trending')
  async trending(@Res({ passthrough: true }) response: Response): Promise<string> {
    return sendContent(response, await this.content.trending());
  }
}
