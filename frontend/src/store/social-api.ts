import {
  NEXT_CURSOR_HEADER,
  type FriendSummary,
  type LoginResponse,
  type Member,
  type Post,
  type PostComment,
  type RegisterFields,
} from '@atelier/contracts';
import { config } from '../config';
import { answerOf, api, baseUrlOf, bearer } from './api-client';

// Every Matrix Network call the client makes (docs/requirements/api.md#calls), typed by the contracts.

export interface FeedPage {
  posts: Post[];
  /** The next page's cursor; absent on the last page. */
  nextCursor?: string;
}

/** One page of a post's comments, oldest first. */
export interface CommentsPage {
  comments: PostComment[];
  /** The next page's cursor; absent on the last page. */
  nextCursor?: string;
}

export interface RegisterRequest extends RegisterFields {
  picture: File;
}

const nextCursorOf = (headers: Headers) => headers.get(NEXT_CURSOR_HEADER) ?? undefined;

const pageFrom = ({ data, headers }: { data: Post[]; headers: Headers }): FeedPage => ({
  posts: data,
  nextCursor: nextCursorOf(headers),
});

/** The per-call options of a Matrix Network call: the social API's base, and the member's token when signed in. */
const social = (token?: string) => ({ baseUrl: baseUrlOf(config.apiUrl), headers: bearer(token) });

// A multipart body is a FormData; the document types it as the form's fields, a picture as a string.
const multipart = (form: FormData) => form as never;

export const socialApi = {
  async register(fields: RegisterRequest): Promise<Member> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('picturePath', fields.picture.name);
    return (await answerOf(api.POST('/auth/register', { ...social(), body: multipart(form) }))).data;
  },

  async login(email: string, password: string): Promise<LoginResponse> {
    return (await answerOf(api.POST('/auth/login', { ...social(), body: { email, password } }))).data;
  },

  async member(token: string, id: string): Promise<Member> {
    return (await answerOf(api.GET('/users/{id}', { ...social(token), params: { path: { id } } }))).data;
  },

  async friends(token: string, id: string): Promise<FriendSummary[]> {
    return (await answerOf(api.GET('/users/{id}/friends', { ...social(token), params: { path: { id } } }))).data;
  },

  /** Adds or removes `friendId` from the signed-in member's friends; answers the list after. */
  async toggleFriend(token: string, myId: string, friendId: string): Promise<FriendSummary[]> {
    return (await answerOf(api.PATCH('/users/{id}/{friendId}', { ...social(token), params: { path: { id: myId, friendId } } }))).data;
  },

  async feed(token: string, cursor?: string): Promise<FeedPage> {
    return pageFrom(await answerOf(api.GET('/posts', { ...social(token), params: { query: { cursor } } })));
  },

  async memberPosts(token: string, userId: string, cursor?: string): Promise<FeedPage> {
    return pageFrom(await answerOf(api.GET('/posts/{userId}/posts', { ...social(token), params: { path: { userId }, query: { cursor } } })));
  },

  /** Answers the feed's first page with the new post on top. */
  async createPost(token: string, description: string, picture?: File | null): Promise<FeedPage> {
    const form = new FormData();
    form.append('description', description);
    if (picture) {
      form.append('picture', picture);
      form.append('picturePath', picture.name);
    }
    return pageFrom(await answerOf(api.POST('/posts', { ...social(token), body: multipart(form) })));
  },

  async toggleLike(token: string, postId: string): Promise<Post> {
    return (await answerOf(api.PATCH('/posts/{id}/like', { ...social(token), params: { path: { id: postId } }, body: {} }))).data;
  },

  async addComment(token: string, postId: string, text: string): Promise<Post> {
    return (await answerOf(api.POST('/posts/{id}/comments', { ...social(token), params: { path: { id: postId } }, body: { text } }))).data;
  },

  /** A page of the post's comments, whole and with their authors (the post itself embeds only the newest few). */
  async comments(token: string, postId: string, cursor?: string): Promise<CommentsPage> {
    const { data, headers } = await answerOf(api.GET('/posts/{id}/comments', { ...social(token), params: { path: { id: postId }, query: { cursor } } }));
    return { comments: data, nextCursor: nextCursorOf(headers) };
  },

  async editPost(token: string, postId: string, description: string): Promise<Post> {
    return (await answerOf(api.PATCH('/posts/{id}', { ...social(token), params: { path: { id: postId } }, body: { description } }))).data;
  },

  async deletePost(token: string, postId: string): Promise<void> {
    await api.DELETE('/posts/{id}', { ...social(token), params: { path: { id: postId } } });
  },
};
