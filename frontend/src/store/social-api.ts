import {
  NEXT_CURSOR_HEADER,
  type FriendSummary,
  type LoginResponse,
  type Member,
  type Post,
  type PostComment,
  type RegisterFields,
} from '@atelier/contracts';
import { apiRequest } from './api-client';

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

export const socialApi = {
  async register(fields: RegisterRequest): Promise<Member> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('picturePath', fields.picture.name);
    return (await apiRequest<Member>('/auth/register', { method: 'POST', form })).data;
  },

  async login(email: string, password: string): Promise<LoginResponse> {
    return (await apiRequest<LoginResponse>('/auth/login', { method: 'POST', json: { email, password } })).data;
  },

  async member(token: string, id: string): Promise<Member> {
    return (await apiRequest<Member>(`/users/${encodeURIComponent(id)}`, { token })).data;
  },

  async friends(token: string, id: string): Promise<FriendSummary[]> {
    return (await apiRequest<FriendSummary[]>(`/users/${encodeURIComponent(id)}/friends`, { token })).data;
  },

  /** Adds or removes `friendId` from the signed-in member's friends; answers the list after. */
  async toggleFriend(token: string, myId: string, friendId: string): Promise<FriendSummary[]> {
    const path = `/users/${encodeURIComponent(myId)}/${encodeURIComponent(friendId)}`;
    return (await apiRequest<FriendSummary[]>(path, { method: 'PATCH', token })).data;
  },

  async feed(token: string, cursor?: string): Promise<FeedPage> {
    return pageFrom(await apiRequest<Post[]>('/posts', { token, query: { cursor } }));
  },

  async memberPosts(token: string, userId: string, cursor?: string): Promise<FeedPage> {
    return pageFrom(await apiRequest<Post[]>(`/posts/${encodeURIComponent(userId)}/posts`, { token, query: { cursor } }));
  },

  /** Answers the feed's first page with the new post on top. */
  async createPost(token: string, description: string, picture?: File | null): Promise<FeedPage> {
    const form = new FormData();
    form.append('description', description);
    if (picture) {
      form.append('picture', picture);
      form.append('picturePath', picture.name);
    }
    return pageFrom(await apiRequest<Post[]>('/posts', { method: 'POST', token, form }));
  },

  async toggleLike(token: string, postId: string): Promise<Post> {
    return (await apiRequest<Post>(`/posts/${encodeURIComponent(postId)}/like`, { method: 'PATCH', token, json: {} })).data;
  },

  async addComment(token: string, postId: string, text: string): Promise<Post> {
    return (await apiRequest<Post>(`/posts/${encodeURIComponent(postId)}/comments`, { method: 'POST', token, json: { text } })).data;
  },

  /** A page of the post's comments, whole and with their authors (the post itself embeds only the newest few). */
  async comments(token: string, postId: string, cursor?: string): Promise<CommentsPage> {
    const { data, headers } = await apiRequest<PostComment[]>(`/posts/${encodeURIComponent(postId)}/comments`, {
      token,
      query: { cursor },
    });
    return { comments: data, nextCursor: nextCursorOf(headers) };
  },

  async editPost(token: string, postId: string, description: string): Promise<Post> {
    return (await apiRequest<Post>(`/posts/${encodeURIComponent(postId)}`, { method: 'PATCH', token, json: { description } })).data;
  },

  async deletePost(token: string, postId: string): Promise<void> {
    await apiRequest<void>(`/posts/${encodeURIComponent(postId)}`, { method: 'DELETE', token });
  },
};
