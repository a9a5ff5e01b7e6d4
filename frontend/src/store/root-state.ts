import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import type { SessionState } from './session-slice';

/**
 * The app's whole state, one key per slice. Shared code knows only the session; each feature adds its
 * own key beside its slice (`declare module '../../store/root-state'`), so nothing here imports a
 * feature, and app/app-store mounts a reducer for exactly these keys (the compiler checks both ways).
 */
export interface RootState {
  /** Persisted: redux-persist keeps its `_persist` bookkeeping beside the session. */
  session: SessionState & PersistPartial;
}

/** Sagas do the side effects, so the store takes plain actions only (no thunks). */
export type AppDispatch = Dispatch<UnknownAction>;
