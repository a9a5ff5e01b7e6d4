import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { NEXT_CURSOR_HEADER, type Post as PostBody, type PostComment } from '@atelier/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnswersReadyJson, sendReadyJson } from '../../common/http/ready-json';
import { CurrentMember, type AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { MemberWriteLimit } from '../../common/rate-limit/rate-limits';
import { parseInput, ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from '../media/image-upload';
import { PictureUpload } from '../media/file-upload.interceptor';
import {
  authorParams,
  commentSchema,
  commentsQuery,
  createPostSchema,
  editPostSchema,
  likeSchema,
  pageQuery,
  postParams,
  type CommentsQuery,
  type PageQuery,
} from './posts.schemas';
import type { ServedPage } from './feed-cache';
import { PostsService } from './posts.service';

/**
 * The body stays a plain array (the spec's client reads it as one); the next page's cursor rides in
 * a header. The page comes as ready bytes (and compressed forms), with an ETag, so a client
 * revalidating gets a 304. Sent here rather than returned: a string would be encoded anew for every request.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: ServedPage): FastifyReply | Promise<FastifyReply> {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return sendReadyJson(request, reply, page.json);
}

@ApiTags('posts')
@ApiBearerAuth()
@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  @AnswersReadyJson()
  async feed(
    @Query(new ZodValidationPipe(pageQuery)) query: PageQuery,
    @CurrentMember() me: AuthenticatedMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return sendPage(request, reply, await this.posts.feed(me, query));
  }

  @Post()
  @AnswersReadyJson()
  @MemberWriteLimit('posts')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PictureUpload('picture'))
  async create(
    @Body() body: Record<string, unknown> | undefined,
    @UploadedFile() picture: UploadedPicture | undefined,
    @CurrentMember() me: AuthenticatedMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return sendPage(request, reply, await this.posts.create(me, parseInput(createPostSchema, { ...body, picture })));
  }

  @Get(':userId/posts')
  @AnswersReadyJson()
  async byAuthor(
    @Param(new ZodValidationPipe(authorParams)) { userId }: { userId: string },
    @Query(new ZodValidationPipe(pageQuery)) query: PageQuery,
    @CurrentMember() me: AuthenticatedMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return sendPage(request, reply, await this.posts.byAuthor(me, userId, query));
  }

  @Patch(':id/like')
  @MemberWriteLimit('likes')
  like(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Body(new ZodValidationPipe(likeSchema)) body: { userId?: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<PostBody> {
    return this.posts.toggleLike(me, id, body.userId);
  }

  @Post(':id/comments')
  @MemberWriteLimit('comments')
  comment(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Body(new ZodValidationPipe(commentSchema)) body: { text: string; userId?: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<PostBody> {
    return this.posts.comment(me, id, body.text, body.userId);
  }

  /** Oldest first, a page at a time; X-Next-Cursor names the next page, as the feed's does. */
  @Get(':id/comments')
  async comments(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Query(new ZodValidationPipe(commentsQuery)) query: CommentsQuery,
    @CurrentMember() me: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostComment[]> {
    const { comments, nextCursor } = await this.posts.comments(me, id, query);
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return comments;
  }

  @Patch(':id')
  edit(
    @Param(new ZodValidationPipe(postParams)) { id }: { id: string },
    @Body(new ZodValidationPipe(editPostSchema)) body: { description: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<PostBody> {
    return this.posts.edit(me, id, body.description);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param(new ZodValidationPipe(postParams)) { id }: { id: string }, @CurrentMember() me: AuthenticatedMember): Promise<void> {
    await this.posts.delete(me, id);
  }
}
