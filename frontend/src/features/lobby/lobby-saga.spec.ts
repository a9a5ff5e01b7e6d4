import type { Member } from '@atelier/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { createAppStore } from '../../app/app-store';
import { socialApi } from '../../store/social-api';
import { testMember } from '../../test/fixtures';
import { loginRequested, modeChanged, registerRequested } from './lobby-slice';

// The lobby's sagas, run by the app's own store (root saga included) against a stubbed API.

const fields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: 'London',
  occupation: 'Engineer',
  picture: new File(['png'], 'me.png', { type: 'image/png' }),
  email: 'ada@example.com',
  password: 'analytical',
};

/** The store once the lobby has an answer. */
async function settled(store: ReturnType<typeof createAppStore>['store']) {
  await vi.waitFor(() => expect(store.getState().lobby.status).toBe('idle'));
  return store.getState();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lobby saga', () => {
  it('signs in: stores the member and token in the session and marks the lobby signed in', async () => {
    const login = vi.spyOn(socialApi, 'login').mockResolvedValue({ user: testMember, token: 'jwt' });
    const { store } = createAppStore();

    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'analytical' }));
    expect(store.getState().lobby.status).toBe('submitting');
    const state = await settled(store);

    expect(login).toHaveBeenCalledWith('ada@example.com', 'analytical');
    expect(state.session.user).toEqual(testMember);
    expect(state.session.token).toBe('jwt');
    expect(state.lobby).toMatchObject({ signedIn: true, error: null });
  });

  it("keeps a refused sign-in's code and words, and the session stays signed out", async () => {
    vi.spyOn(socialApi, 'login').mockRejectedValue(
      new ApiError(401, 'UNAUTHORIZED', 'The email or password is not correct'),
    );
    const { store } = createAppStore();

    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'wrong' }));
    const state = await settled(store);

    expect(state.lobby.error).toEqual({ code: 'UNAUTHORIZED', message: 'The email or password is not correct', details: [] });
    expect(state.lobby.signedIn).toBe(false);
    expect(state.session.token).toBeNull();
  });

  it('reports rate limiting and an unreachable server in words', async () => {
    const login = vi.spyOn(socialApi, 'login');
    const { store } = createAppStore();

    login.mockRejectedValueOnce(new ApiError(429, 'RATE_LIMITED', 'Too many attempts from this address', [], 37));
    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'pw' }));
    expect((await settled(store)).lobby.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait 37 seconds and try again.',
    });

    login.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'The server could not be reached'));
    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'pw' }));
    expect((await settled(store)).lobby.error).toMatchObject({ code: 'NETWORK', message: 'The server could not be reached' });

    login.mockRejectedValueOnce(new TypeError('boom'));
    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'pw' }));
    expect((await settled(store)).lobby.error).toEqual({
      code: 'UNKNOWN',
      message: 'Something went wrong. Please try again.',
      details: [],
    });
  });

  it('only the latest of two sign-ins counts', async () => {
    let answerFirst: (value: { user: Member; token: string }) => void = () => undefined;
    vi.spyOn(socialApi, 'login')
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ user: testMember, token: 'second' });
    const { store } = createAppStore();

    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'first' }));
    store.dispatch(loginRequested({ email: 'ada@example.com', password: 'second' }));
    await settled(store);
    answerFirst({ user: testMember, token: 'first' });
    await Promise.resolve();

    expect(store.getState().session.token).toBe('second');
  });

  it('registers: sends the fields with the picture and switches to Sign In with the email', async () => {
    const register = vi.spyOn(socialApi, 'register').mockResolvedValue({ ...testMember, email: 'ada@example.com' });
    const { store } = createAppStore();
    store.dispatch(modeChanged('register'));

    store.dispatch(registerRequested(fields));
    const state = await settled(store);

    expect(register).toHaveBeenCalledWith(fields);
    expect(register.mock.calls[0][0].picture).toBe(fields.picture);
    expect(state.lobby).toMatchObject({ mode: 'login', registeredEmail: 'ada@example.com', error: null });
    expect(state.session.token).toBeNull();
  });

  it("keeps a refused registration's field details and stays in Create Account mode", async () => {
    vi.spyOn(socialApi, 'register').mockRejectedValue(
      new ApiError(409, 'CONFLICT', 'That email is already registered', [{ field: 'email', message: 'is already registered' }]),
    );
    const { store } = createAppStore();
    store.dispatch(modeChanged('register'));

    store.dispatch(registerRequested(fields));
    const state = await settled(store);

    expect(state.lobby).toMatchObject({
      mode: 'register',
      registeredEmail: null,
      error: { code: 'CONFLICT', details: [{ field: 'email', message: 'is already registered' }] },
    });
  });
});
