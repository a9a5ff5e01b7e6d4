import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  initialSessionState,
  removePost,
  sessionReducer,
  setFriends,
  setLogin,
  setLogout,
  setMode,
  setPost,
  setPosts,
  setUsersTrending,
  type SessionState,
} from './session-slice';
import type { Post } from '@atelier/contracts';
import { testMember } from '../test/fixtures';


const post = (id: string, description: string): Post => ({
  _id: id,
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  description,
  location: 'London',
  picturePath: null,
  userPicturePath: 'ada.png',
  likes: {},
  comments: [],
  commentCount: 0,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
});

const signedIn = (): SessionState => sessionReducer(initialSessionState, setLogin({ user: testMember, token: 'jwt' }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session slice', () => {
  it('starts signed out in dark mode with empty lists', () => {
    expect(sessionReducer(undefined, { type: 'init' })).toEqual({
      mode: 'dark',
      user: null,
      token: null,
      posts: [],
      usersTrending: [],
    });
  });

  it('setMode toggles between dark and light', () => {
    const light = sessionReducer(initialSessionState, setMode());
    expect(light.mode).toBe('light');
    expect(sessionReducer(light, setMode()).mode).toBe('dark');
  });

  it('setLogin stores the user and token; setLogout clears both and keeps the rest', () => {
    const state = signedIn();
    expect(state.user).toEqual(testMember);
    expect(state.token).toBe('jwt');

    const withPosts = sessionReducer(state, setPosts([post('p1', 'hello')]));
    const out = sessionReducer(withPosts, setLogout());
    expect(out.user).toBeNull();
    expect(out.token).toBeNull();
    expect(out.posts).toHaveLength(1);
  });

  it("setFriends replaces the signed-in user's friends", () => {
    const friends = [{ _id: 'u2', firstName: 'Alan', lastName: 'Turing', occupation: 'Mathematician', location: 'Wilmslow', picturePath: 'alan.png' }];
    const state = sessionReducer(signedIn(), setFriends(friends));
    expect(state.user?.friends).toEqual(friends);
    expect(sessionReducer(state, setFriends([])).user?.friends).toEqual([]);
  });

  it("setFriends with no signed-in user only logs 'user friends non-existent'", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = sessionReducer(initialSessionState, setFriends([]));
    expect(error).toHaveBeenCalledWith('user friends non-existent');
    expect(state).toEqual(initialSessionState);
  });

  it('setPosts replaces the whole list', () => {
    const first = sessionReducer(initialSessionState, setPosts([post('p1', 'a'), post('p2', 'b')]));
    const second = sessionReducer(first, setPosts([post('p3', 'c')]));
    expect(second.posts.map((p) => p._id)).toEqual(['p3']);
  });

  it('setPost replaces only the post with the same _id, in place', () => {
    const state = sessionReducer(initialSessionState, setPosts([post('p1', 'a'), post('p2', 'b'), post('p3', 'c')]));
    const liked: Post = { ...post('p2', 'b'), likes: { u1: true } };
    const next = sessionReducer(state, setPost(liked));
    expect(next.posts.map((p) => p._id)).toEqual(['p1', 'p2', 'p3']);
    expect(next.posts[1].likes).toEqual({ u1: true });
    expect(next.posts[0]).toEqual(state.posts[0]);
  });

  it('removePost drops only the post with that _id', () => {
    const state = sessionReducer(initialSessionState, setPosts([post('p1', 'a'), post('p2', 'b'), post('p3', 'c')]));
    expect(sessionReducer(state, removePost('p2')).posts.map((p) => p._id)).toEqual(['p1', 'p3']);
    expect(sessionReducer(state, removePost('nope')).posts).toHaveLength(3);
  });

  it('setUsersTrending replaces the trending list', () => {
    const trending = [{ _id: 't1', firstName: 'Nova', lastName: 'Quill', picturePath: 'nova.png', location: 'Lisbon' }];
    expect(sessionReducer(initialSessionState, setUsersTrending(trending)).usersTrending).toEqual(trending);
  });
});
