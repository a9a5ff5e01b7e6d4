import { Injectable, Logger } from '@nestjs/common';
import { FEED_PAGE, type Post, type PostComment } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { unlessReferenceGone } from '../../db/errors';
import { encodeUploadedImage } from '../media/image-upload';
import { MediaStore } from '../media/media-store.service';
import { ImpressionsCounter } from '../users/impressions.counter';
import { UsersService } from '../users/users.service';
import { FeedCache, servedPage, type PostPage, type ServedPage } from './feed-cache';
import { encodeCursor } from './feed-cursor';
import { toPost, toPostComment } from './post.serializer';
import type { CommentsQuery, CreatePostInput, PageQuery } from './posts.schemas';
import { PostsRepository, type PostRecord } from './posts.repository';

const POST_PICTURE_MAX_SIDE = 2048;

const accountGone = () => new AppError('UNAUTHORIZED', 'The account of this token no longer exists');
const noSuchPost = (id: string) => new AppError('NOT_FOUND', `No post with id ${id}`);

/** The spec's client sends its own id with some calls; anything but the token's member is refused. */
function assertActingAs(claimedId: string | undefined, actingId: string): void {
  if (claimedId !== undefined && claimedId !== actingId) {
    throw new AppError('FORBIDDEN', 'You can only act as yourself: userId must be the signed-in member');
  }
}

function pageKey(query: PageQuery, authorId?: string): string {
  return `${authorId ?? '*'}|${query.limit}|${query.cursor ? encodeCursor(query.cursor) : ''}`;
}

@Injectable()
export class PostsService {
  private readonly logger = new Logger(PostsService.name);

  constructor(
    private readonly posts: PostsRepository,
    private readonly members: UsersService,
    private readonly media: MediaStore,
    private readonly impressions: ImpressionsCounter,
    private readonly cache: FeedCache,
  ) {}

  /** The feed: everyone's posts, newest first. Other members' posts delivered here count as impressions. */
  async feed(viewerId: string, query: PageQuery): Promise<ServedPage> {
    return this.delivered(await this.page(query), viewerId);
  }

  async byAuthor(authorId: string, query: PageQuery): Promise<ServedPage> {
    await this.members.assertExists(authorId);
    return this.page(query, authorId);
  }

  /** The picture is checked and stored before the row is written, and removed if the write fails. */
  async create(actingId: string, input: CreatePostInput): Promise<ServedPage> {
    assertActingAs(input.userId, actingId);
    const picture = input.picture ? await encodeUploadedImage(input.picture, 'picture', POST_PICTURE_MAX_SIDE) : undefined;
    const picturePath = picture ? await this.media.save('posts', picture) : null;
    let record: PostRecord;
    try {
      record = await unlessReferenceGone(this.posts.insert({ userId: actingId, description: input.description, picturePath }), accountGone);
    } catch (error) {
      await this.media.remove('posts', picturePath);
      throw error;
    }
    await this.cache.changed();
    // The post is stored: from here on nothing may answer a failure, or a client retrying would post it twice.
    try {
      return await this.feed(actingId, { limit: FEED_PAGE.defaultLimit });
    } catch (error) {
      this.logger.warn({ err: error }, `Post ${record.id} is stored, but the feed could not be read; answering the post alone`);
      return servedPage({ posts: [toPost(record)] });
    }
  }

  async toggleLike(actingId: string, postId: string, claimedId?: string): Promise<Post> {
    assertActingAs(claimedId, actingId);
    await this.existing(postId);
    const record = await unlessReferenceGone(this.posts.toggleLike(postId, actingId), () => noSuchPost(postId));
    return this.changed(record, postId);
  }

  async comment(actingId: string, postId: string, text: string, claimedId?: string): Promise<Post> {
    assertActingAs(claimedId, actingId);
    await this.existing(postId);
    const record = await unlessReferenceGone(this.posts.addComment({ postId, userId: actingId, text }), () => noSuchPost(postId));
    return this.changed(record, postId);
  }

  /** A page of the post's comments, oldest first, and the cursor of the next page if there is one. */
  async comments(postId: string, { limit, cursor }: CommentsQuery): Promise<{ comments: PostComment[]; nextCursor?: string }> {
    await this.existing(postId);
    const rows = await this.posts.comments(postId, { afterId: cursor, limit: limit + 1 });
    const page = rows.slice(0, limit);
    return { comments: page.map(toPostComment), nextCursor: rows.length > limit ? page[page.length - 1]?.id : undefined };
  }

  async edit(actingId: string, postId: string, description: string): Promise<Post> {
    await this.authoredBy(actingId, postId);
    return this.changed(await this.posts.updateDescription(postId, description), postId);
  }

  async delete(actingId: string, postId: string): Promise<void> {
    await this.authoredBy(actingId, postId);
    const deleted = await this.posts.delete(postId);
    await this.cache.changed();
    await this.media.remove('posts', deleted?.picturePath);
  }

  private delivered(page: ServedPage, viewerId: string): ServedPage {
    this.impressions.record(page.authors, viewerId);
    return page;
  }

  private page(query: PageQuery, authorId?: string): Promise<ServedPage> {
    return this.cache.get(pageKey(query, authorId), () => this.loadPage(query, authorId));
  }

  private async loadPage(query: PageQuery, authorId?: string): Promise<PostPage> {
    const { limit } = query;
    // One extra row says whether another page exists, without counting anything.
    const records = await this.posts.page({ authorId, after: query.cursor, limit: limit + 1 });
    const pageRecords = records.slice(0, limit);
    const last: PostRecord | undefined = pageRecords[pageRecords.length - 1];
    return {
      posts: pageRecords.map(toPost),
      nextCursor: records.length > limit && last ? encodeCursor(last) : undefined,
    };
  }

  private async existing(postId: string) {
    const post = await this.posts.authorOf(postId);
    if (!post) throw noSuchPost(postId);
    return post;
  }

  private async authoredBy(actingId: string, postId: string): Promise<void> {
    const post = await this.existing(postId);
    if (post.userId !== actingId) throw new AppError('FORBIDDEN', 'Only the author can change or delete this post');
  }

  /** The answer to a committed change of a post (read back in its transaction), once caches are told. */
  private async changed(record: PostRecord | undefined, postId: string): Promise<Post> {
    if (!record) throw noSuchPost(postId); // deleted meanwhile: nothing was written
    await this.cache.changed();
    return toPost(record);
  }
}
