import { combineReducers, configureStore, type ReducersMapObject } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Persistor } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { botfolkReducer } from '../features/botfolk/botfolk-slice';
import { generationReducer } from '../features/generation/generation-slice';
import { lobbyReducer } from '../features/lobby/lobby-slice';
import { networkReducer } from '../features/network/network-slice';
import type { RootState } from '../store/root-state';
import { sessionReducer } from '../store/session-slice';
import { featureSagas } from './root-saga';

// Exactly the persisted session of docs/requirements/public-pages.md#session, under its key and version.
export const sessionPersistConfig = {
  key: 'root',
  version: 1,
  storage,
  throttle: 0,
  timeout: 5000,
};

// Typed by RootState, so a key a feature declares but nobody mounts (or mounted but undeclared) fails to compile.
const reducers: ReducersMapObject<RootState> = {
  session: persistReducer(sessionPersistConfig, sessionReducer),
  lobby: lobbyReducer,
  network: networkReducer,
  botfolk: botfolkReducer,
  generation: generationReducer,
};
// Made on first use rather than as the module loads: combining calls every reducer twice to check
// its initial state, which on a page already on screen is a step of its own (createAppStoreStepwise).
let rootReducer: ReturnType<typeof combineReducers<typeof reducers>> | undefined;
const appReducer = () => (rootReducer ??= combineReducers(reducers));

function configureAppStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: appReducer(),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // Side effects live in sagas.
        thunk: false,
        serializableCheck: {
          // redux-persist's own actions carry functions (register, rehydrate callbacks).
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // Register and post requests carry the chosen File to their saga; it never reaches the state.
          ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta', 'payload.picture'],
        },
      }).concat(sagaMiddleware),
  });
  return { store, sagaMiddleware };
}

export function createAppStore() {
  const { store, sagaMiddleware } = configureAppStore();
  for (const saga of featureSagas) sagaMiddleware.run(saga);
  const persistor = persistStore(store);
  return { store, persistor };
}

/**
 * createAppStore, with `between` run between its steps (combining the reducers, making the store,
 * starting each feature's sagas, reading the stored session back): start-app ends the task there,
 * each step being several milliseconds of a page already on screen.
 */
export async function createAppStoreStepwise(between: () => Promise<void>): Promise<ReturnType<typeof createAppStore>> {
  appReducer();
  await between();
  const { store, sagaMiddleware } = configureAppStore();
  for (const saga of featureSagas) {
    await between();
    sagaMiddleware.run(saga);
  }
  await between();
  return { store, persistor: persistStore(store) };
}

/**
 * The store of a server render: an anonymous visitor's initial state. No saga runs and nothing is
 * persisted; the page only reads it.
 */
export function createServerStore() {
  return configureStore({ reducer: appReducer(), middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }) });
}

/** Resolves once the stored session has been read back into the store (redux-persist's bootstrap). */
export function whenRehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => check() && unsubscribe());
  });
}

// The state this store holds, declared in store/ so that features type their selectors without importing the app.
export type { RootState } from '../store/root-state';
export type AppStore = ReturnType<typeof createAppStore>['store'];
