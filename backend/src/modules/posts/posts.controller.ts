import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { NEXT_CURSOR_HEADER, type Post as PostBody, type PostComment } from '@atelier/contracts';
import type { Response } from 'express';
import { CurrentMemberId } from '../../common/decorators/current-member.decorator';
import { parseInput, ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from '../media/image-upload';
import { PictureUpload } from '../media/picture-upload.interceptor';
import {
  authorParams,
  commentSchema,
  createPostSchema,
  editPostSchema,
  likeSchema,
  pageQuery,
  postParams,
  type PageQuery,
} from './posts.schemas';
import type { ServedPage } from './feed-cache';
import { PostsService } from './posts.service';

/**
 * The body stays a plain array (the spec's client reads it as one); the next page's cursor rides in
 * a header. The page comes as bytes, with an ETag, so a client revalidating gets a 304. Sent here
 * rather than returned: Nest would send a returned Buffer as JSON, and a string is encoded anew for
 * every request.
 */
function sendPage(response: Response, page: ServedPage): void {
  if (page.nextCursor) response.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
  response.setHeader('ETag', page.etag);
  response.type('application/json');
  response.send(page.body);
}

@ApiTags('posts')
@ApiBearerAuth()
@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  async feed(
    @Query(new ZodValidationPipe(pageQuery)) query: PageQuery,
    @CurrentMemberId() me: string,
    @Res() response: Response,
  ): Promise<void> {
    sendPage(response, await this.posts.feed(me, query));
  }

  @Post()
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PictureUpload('picture'))
  async create(
    @Body() body: Record<string, unknown> | undefined,
    @UploadedFile() picture: UploadedPicture | undefined,
    @CurrentMemberId() me: string,
    @Res() response: Response,
  ): Promise<void> {
    sendPage(response, await this.posts.create(me, parseInput(createPostSchema, { ...body, picture })));
  }

  @Get(':userId/posts')
  async byAuthor(
    @Param(new ZodValidationPipe(authorParams)) { userId }: { userId: string },
    @Query(new ZodValidationPipe(pageQuery)) query: PageQuery,
    @Res() response: Response,
  ): Promise<void> {
    sendPage(response, await this.posts.byAuthor(userId, query));
  }

  @Patch(':id/like')
  like(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Body(new ZodValidationPipe(likeSchema)) body: { userId?: string },
    @CurrentMemberId() me: string,
  ): Promise<PostBody> {
    return this.posts.toggleLike(me, id, body.userId);
  }

  @Post(':id/comments')
  comment(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Body(new ZodValidationPipe(commentSchema)) body: { text: string; userId?: string },
    @CurrentMemberId() me: string,
  ): Promise<PostBody> {
    return this.posts.comment(me, id, body.text, body.userId);
  }

  @Get(':id/comments')
  comments(@Param(new ZodValidationPipe(postParams)) { id }: { id: string }): Promise<PostComment[]> {
    return this.posts.comments(id);
  }

  @Patch(':id')
  edit(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Body(new ZodValidationPipe(editPostSchema)) body: { description: string },
    @CurrentMemberId() me: string,
  ): Promise<PostBody> {
    return this.posts.edit(me, id, body.description);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param(new ZodValidationPipe(postParams)) { id }: { id: string }, @CurrentMemberId() me: string): Promise<void> {
    await this.posts.delete(me, id);
  }
}
