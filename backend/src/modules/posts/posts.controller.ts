import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { NEXT_CURSOR_HEADER, type Post as PostBody, type PostComment } from '@atelier/contracts';
import { postCommentSchema, postSchema } from '@atelier/contracts/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AnswersReadyJson, sendReadyJson } from '../../common/http/ready-json';
import { CurrentMember, type AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import {
  ApiErrors,
  ApiMemberAuth,
  ApiZodMultipart,
  ApiZodResponseUnchecked,
  ApiZodResponse,
  nextCursorHeader,
  ZodBody,
  ZodParams,
  ZodQuery,
} from '../../common/openapi/api-zod.decorators';
import { MemberWriteLimit } from '../../common/rate-limit/rate-limits';
import { parseInput } from '../../common/validation/zod-validation.pipe';
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
 * The body stays a plain array (the original client reads it as one); the next page's cursor rides in
 * a header. The page comes as ready bytes (and compressed forms), with an ETag, so a client
 * revalidating gets a 304. Sent here rather than returned: a string would be encoded anew for every request.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: ServedPage): FastifyReply | Promise<FastifyReply> {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return sendReadyJson(request, reply, page.json);
}

/** A page of posts, newest first, as the feed and a member's posts answer. */
const postPage = (description: string) =>
  ApiZodResponseUnchecked(200, z.array(postSchema), { description, headers: nextCursorHeader('page (older posts)') });

@ApiTags('posts')
@ApiMemberAuth()
@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  @AnswersReadyJson()
  @postPage('The feed: every visible post, newest first')
  async feed(
    @ZodQuery(pageQuery) query: PageQuery,
    @CurrentMember() me: AuthenticatedMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return sendPage(request, reply, await this.posts.feed(me, query));
  }

  @Post()
  @AnswersReadyJson()
  @MemberWriteLimit('posts')
  @ApiZodMultipart(createPostSchema, { picture: 'optional' })
  @ApiZodResponseUnchecked(201, z.array(postSchema), {
    description: "The feed's first page, the new post first (as the original client reads it)",
    headers: nextCursorHeader('page (older posts)'),
  })
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
  @postPage("The member's posts, newest first")
  async byAuthor(
    @ZodParams(authorParams) { userId }: { userId: string },
    @ZodQuery(pageQuery) query: PageQuery,
    @CurrentMember() me: AuthenticatedMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return sendPage(request, reply, await this.posts.byAuthor(me, userId, query));
  }

  @Patch(':id/like')
  @MemberWriteLimit('likes')
  @ApiZodResponse(200, postSchema, { description: 'The post, liked or no longer liked by the signed-in member' })
  @ApiErrors(403, 404)
  like(
    @ZodParams(postParams) { id }: { id: string },
    @ZodBody(likeSchema) body: { userId?: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<PostBody> {
    return this.posts.toggleLike(me, id, body.userId);
  }

  @Post(':id/comments')
  @MemberWriteLimit('comments')
  @ApiZodResponse(201, postSchema, { description: 'The post with the new comment' })
  @ApiErrors(403, 404)
  comment(
    @ZodParams(postParams) { id }: { id: string },
    @ZodBody(commentSchema) body: { text: string; userId?: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<PostBody> {
    return this.posts.comment(me, id, body.text, body.userId);
  }

  /** Oldest first, a page at a time; X-Next-Cursor names the next page, as the feed's does. */
  @Get(':id/comments')
  @ApiZodResponse(200, z.array(postCommentSchema), { description: "A page of the post's comments, oldest first", headers: nextCursorHeader('page') })
  @ApiErrors(404)
  async comments(
    @ZodParams(postParams) { id }: { id: string },
    @ZodQuery(commentsQuery) query: CommentsQuery,
    @CurrentMember() me: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostComment[]> {
    const { comments, nextCursor } = await this.posts.comments(me, id, query);
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return comments;
  }

  @Patch(':id')
  @MemberWriteLimit('post edits')
  @ApiZodResponse(200, postSchema, { description: 'The post with its new text' })
  @ApiErrors(403, 404)
  edit(
    @ZodParams(postParams) { id }: { id: string },
    @ZodBody(editPostSchema) body: { description: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<PostBody> {
    return this.posts.edit(me, id, body.description);
  }

  @Delete(':id')
  @MemberWriteLimit('post deletions')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The post is removed' })
  @ApiErrors(403, 404)
  async remove(@ZodParams(postParams) { id }: { id: string }, @CurrentMember() me: AuthenticatedMember): Promise<void> {
    await this.posts.delete(me, id);
  }
}
