import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSaga } from 'redux-saga';
import { ApiError } from './api-client';
import { withToken } from './api-saga';
import { createAppStore } from '../app/app-store';
import { setLogin } from './session-slice';
import { testMember } from '../test/fixtures';

function run<T>(store: ReturnType<typeof createAppStore>['store'], request: (token: string) => Promise<T>) {
  return runSaga({ dispatch: store.dispatch, getState: store.getState }, withToken, request).toPromise() as Promise<T>;
}

afterEach(() => vi.restoreAllMocks());

describe('withToken', () => {
  it('calls the API with the stored token', async () => {
    const { store } = createAppStore();
    store.dispatch(setLogin({ user: testMember, token: 'jwt-1' }));
    const request = vi.fn(async (token: string) => `answered with ${token}`);
    await expect(run(store, request)).resolves.toBe('answered with jwt-1');
  });

  it('signs out on a 401, so members-only pages go to the lobby', async () => {
    const { store } = createAppStore();
    store.dispatch(setLogin({ user: testMember, token: 'expired' }));
    const refused = async () => {
      throw new ApiError(401, 'UNAUTHORIZED', 'The session has expired; sign in again');
    };
    await expect(run(store, refused)).rejects.toMatchObject({ status: 401 });
    expect(store.getState().session).toMatchObject({ user: null, token: null });
  });

  it('keeps the session on other failures', async () => {
    const { store } = createAppStore();
    store.dispatch(setLogin({ user: testMember, token: 'jwt' }));
    const failing = async () => {
      throw new ApiError(500, 'INTERNAL', 'Internal server error');
    };
    await expect(run(store, failing)).rejects.toMatchObject({ status: 500 });
    expect(store.getState().session.token).toBe('jwt');
  });
});
