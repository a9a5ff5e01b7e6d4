import { describe, expect, it } from 'vitest';
import { createAppStore, createAppStoreStepwise, whenRehydrated } from './app-store';
import { featureSagas } from './root-saga';
import { setLogin, setMode } from '../store/session-slice';
import { testMember } from '../test/fixtures';

describe('persisted session', () => {
  it("stores exactly the session under localStorage key 'persist:root', version 1", async () => {
    const { store, persistor } = createAppStore();
    await whenRehydrated(persistor);
    store.dispatch(setMode());
    await persistor.flush();

    const stored = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'mode', 'posts', 'token', 'user', 'usersTrending']);
    expect(JSON.parse(stored.mode)).toBe('light');
    expect(JSON.parse(stored._persist)).toMatchObject({ version: 1 });
  });

  it('a new store (a reload) comes back with the stored mode, user and token', async () => {
    const first = createAppStore();
    await whenRehydrated(first.persistor);
    first.store.dispatch(setMode());
    first.store.dispatch(setLogin({ user: testMember, token: 'jwt' }));
    await first.persistor.flush();

    const second = createAppStore();
    await whenRehydrated(second.persistor);
    const session = second.store.getState().session;
    expect(session.mode).toBe('light');
    expect(session.token).toBe('jwt');
    expect(session.user?.firstName).toBe('Ada');
  });
});

describe('the store made step by step (the hydration path)', () => {
  it('ends the task between combining the reducers, making the store, each feature saga and the session, and makes the same store', async () => {
    const steps: string[] = [];
    const stepwise = await createAppStoreStepwise(async () => {
      steps.push('between');
    });
    await whenRehydrated(stepwise.persistor);
    const direct = createAppStore();
    await whenRehydrated(direct.persistor);

    // combine | make the store | a saga each | the session
    expect(steps).toHaveLength(featureSagas.length + 2);
    expect(stepwise.store.getState()).toEqual(direct.store.getState());
  });
});
