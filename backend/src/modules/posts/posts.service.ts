import { Injectable, Logger } from '@nestjs/common';
import { FEED_PAGE, type Post, type PostComment } from '@atelier/contracts';
import { readableSandbox, type AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { AppError } from '../../common/errors/app-error';
import { unlessReferenceGone } from '../../db/errors';
import { encodeUploadedImage } from '../media/image-upload';
import { MediaStore } from '../media/media-store.service';
import { GuestSandboxes } from '../users/guest-sandboxes.service';
import { ImpressionsCounter } from '../users/impressions.counter';
import { UsersService } from '../users/users.service';
import { FeedCache, feedPageKey, servedPage, type FeedChange, type PostPage, type ServedPage } from './feed-cache';
import { encodeCursor } from './feed-cursor';
import { toPost, toPostComment } from './post.serializer';
import type { CommentsQuery, CreatePostInput, PageQuery } from './posts.schemas';
import { PostsRepository, type PostRecord } from './posts.repository';
import { SandboxPages, type SandboxOverlay } from './sandbox-pages';

const POST_PICTURE_MAX_SIDE = 2048;

const accountGone = () => new AppError('UNAUTHORIZED', 'The account of this token no longer exists');
const noSuchPost = (id: string) => new AppError('NOT_FOUND', `No post with id ${id}`);

/** The original client sends its own id with some calls; anything but the token's member is refused (docs/requirements/security.md#acting-member). */
function assertActingAs(claimedId: string | undefined, actingId: string): void {
  if (claimedId !== undefined && claimedId !== actingId) {
    throw new AppError('FORBIDDEN', 'You can only act as yourself: userId must be the signed-in member');
  }
}

function pageKey(query: PageQuery, authorId?: string): string {
  return feedPageKey(authorId, query.limit, query.cursor ? encodeCursor(query.cursor) : '');
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
    private readonly sandboxPages: SandboxPages,
    private readonly guestSandboxes: GuestSandboxes,
  ) {}

  /**
   * The feed: everyone's posts, newest first (and a guest's own). Other members' posts delivered here
   * count as impressions, except to a guest, who changes nothing the others see.
   */
  async feed(reader: AuthenticatedMember, query: PageQuery): Promise<ServedPage> {
    const page = await this.page(query, reader);
    if (!reader.sandboxed) this.impressions.record(page.authors, reader.id);
    return page;
  }

  async byAuthor(reader: AuthenticatedMember, authorId: string, query: PageQuery): Promise<ServedPage> {
    await this.members.assertVisible(authorId, reader);
    return this.page(query, reader, authorId);
  }

  /** The picture is checked and stored before the row is written, and removed if the write fails. */
  async create(acting: AuthenticatedMember, input: CreatePostInput): Promise<ServedPage> {
    const actingId = acting.id;
    assertActingAs(input.userId, actingId);
    const picture = input.picture ? await encodeUploadedImage(input.picture, 'picture', POST_PICTURE_MAX_SIDE) : undefined;
    if (picture) await this.guestSandboxes.reservePictureSpace(acting, picture.buffer.length);
    const picturePath = picture ? await this.media.save('posts', picture, { guest: acting.sandboxed }) : null;
    let record: PostRecord;
    try {
      const values = { userId: actingId, description: input.description, picturePath };
      record = await unlessReferenceGone(this.posts.insert(values, readableSandbox(acting)), accountGone);
    } catch (error) {
      await this.media.remove('posts', picturePath);
      throw error;
    }
    await this.feedChanged(acting, { author: actingId });
    // The post is stored: from here on nothing may answer a failure, or a client retrying would post it twice.
    try {
      return await this.feed(acting, { limit: FEED_PAGE.defaultLimit });
    } catch (error) {
      this.logger.warn({ err: error }, `Post ${record.id} is stored, but the feed could not be read; answering the post alone`);
      return servedPage({ posts: [toPost(record)] });
    }
  }

  async toggleLike(acting: AuthenticatedMember, postId: string, claimedId?: string): Promise<Post> {
    assertActingAs(claimedId, acting.id);
    const sandbox = readableSandbox(acting);
    await this.existing(postId, sandbox);
    const record = await unlessReferenceGone(this.posts.toggleLike(postId, acting.id, sandbox), () => noSuchPost(postId));
    return this.changed(record, postId, acting);
  }

  async comment(acting: AuthenticatedMember, postId: string, text: string, claimedId?: string): Promise<Post> {
    assertActingAs(claimedId, acting.id);
    const sandbox = readableSandbox(acting);
    await this.existing(postId, sandbox);
    const record = await unlessReferenceGone(this.posts.addComment({ postId, userId: acting.id, text }, sandbox), () => noSuchPost(postId));
    return this.changed(record, postId, acting);
  }

  /** A page of the post's comments, oldest first, and the cursor of the next page if there is one. */
  async comments(
    reader: AuthenticatedMember,
    postId: string,
    { limit, cursor }: CommentsQuery,
  ): Promise<{ comments: PostComment[]; nextCursor?: string }> {
    const sandbox = readableSandbox(reader);
    await this.existing(postId, sandbox);
    const rows = await this.posts.comments(postId, { afterId: cursor, limit: limit + 1, sandbox });
    const page = rows.slice(0, limit);
    return { comments: page.map(toPostComment), nextCursor: rows.length > limit ? page[page.length - 1]?.id : undefined };
  }

  async edit(acting: AuthenticatedMember, postId: string, description: string): Promise<Post> {
    await this.authoredBy(acting, postId);
    return this.changed(await this.posts.updateDescription(postId, description, readableSandbox(acting)), postId, acting);
  }

  async delete(acting: AuthenticatedMember, postId: string): Promise<void> {
    await this.authoredBy(acting, postId);
    const deleted = await this.posts.delete(postId);
    await this.feedChanged(acting, { author: acting.id });
    // A guest's copy of a seeded post shares its picture with the seeded one.
    if (deleted?.picturePath && !(await this.posts.pictureInUse(deleted.picturePath))) await this.media.remove('posts', deleted.picturePath);
  }

  /**
   * Members' pages come through the cache. A guest's are the same shared pages with the guest's own
   * rows merged in (see SandboxPages); nothing a guest does changes what members read, so a guest's
   * change drops only that guest's pages.
   */
  private async page(query: PageQuery, reader: AuthenticatedMember, authorId?: string): Promise<ServedPage> {
    const key = pageKey(query, authorId);
    const shared = await this.cache.get(key, () => this.loadPage(query, authorId));
    if (!reader.sandboxed) return shared;
    return this.sandboxPages.get(reader.id, key, shared, query.limit, () => this.overlay(reader.id, query, shared, authorId));
  }

  private async overlay(sandbox: string, query: PageQuery, shared: ServedPage, authorId?: string): Promise<SandboxOverlay> {
    const { own, touched } = await this.posts.sandboxOverlay({
      sandbox,
      ownPosts: authorId === undefined || authorId === sandbox,
      after: query.cursor,
      limit: query.limit + 1,
      postIds: shared.posts.map((post) => post._id),
    });
    return { own: own.map(toPost), touched: touched.map(toPost) };
  }

  /** A guest's change is the guest's alone; a member's alters the pages `change` names. */
  private async feedChanged(acting: AuthenticatedMember, change: FeedChange): Promise<void> {
    await this.cache.changed(acting.sandboxed ? { sandbox: acting.id } : change);
  }

  /** A shared page: every member's rows, no sandbox's. */
  private async loadPage(query: PageQuery, authorId?: string): Promise<PostPage> {
    const { limit } = query;
    // One extra row says whether another page exists, without counting anything.
    const records = await this.posts.page({ authorId, after: query.cursor, limit: limit + 1, sandbox: null });
    const pageRecords = records.slice(0, limit);
    const last: PostRecord | undefined = pageRecords[pageRecords.length - 1];
    return {
      posts: pageRecords.map(toPost),
      nextCursor: records.length > limit && last ? encodeCursor(last) : undefined,
    };
  }

  /** The post's author, if the post exists and the reader may see it (a guest's is theirs alone). */
  private async existing(postId: string, sandbox: string | null) {
    const post = await this.posts.authorOf(postId, sandbox);
    if (!post) throw noSuchPost(postId);
    return post;
  }

  private async authoredBy(acting: AuthenticatedMember, postId: string): Promise<void> {
    const post = await this.existing(postId, readableSandbox(acting));
    if (post.userId !== acting.id) throw new AppError('FORBIDDEN', 'Only the author can change or delete this post');
  }

  /** The answer to a committed change of a post (read back in its transaction), once caches are told. */
  private async changed(record: PostRecord | undefined, postId: string, acting: AuthenticatedMember): Promise<Post> {
    if (!record) throw noSuchPost(postId); // deleted meanwhile: nothing was written
    await this.feedChanged(acting, { post: postId });
    return toPost(record);
  }
}
