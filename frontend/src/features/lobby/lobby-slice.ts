import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldError } from '@atelier/contracts';
import type { ApiError } from '../../store/api-client';
import type { RegisterRequest } from '../../store/social-api';
import type { LoginFields } from './lobby-schemas';

export type LobbyMode = 'login' | 'register';

/** A failed sign-in or registration: the server's code, its words and its per-field problems. */
export interface LobbyError {
  /** `UNKNOWN` when the failure was not an API answer at all. */
  code: ApiError['code'] | 'UNKNOWN';
  message: string;
  details: FieldError[];
}

export interface LobbyState {
  mode: LobbyMode;
  status: 'idle' | 'submitting';
  error: LobbyError | null;
  /** Set by a successful registration (the registered flag): the sign-in form starts with this email. */
  registeredEmail: string | null;
  /** Set by a successful sign-in from the lobby, which then moves on to /matrix. */
  signedIn: boolean;
}

export const initialLobbyState: LobbyState = {
  mode: 'login',
  status: 'idle',
  error: null,
  registeredEmail: null,
  signedIn: false,
};

const lobbySlice = createSlice({
  name: 'lobby',
  initialState: initialLobbyState,
  reducers: {
    modeChanged(state, action: PayloadAction<LobbyMode>) {
      state.mode = action.payload;
      state.error = null;
      state.registeredEmail = null;
    },
    loginRequested(state, _action: PayloadAction<LoginFields>) {
      state.status = 'submitting';
      state.error = null;
      state.registeredEmail = null;
    },
    registerRequested(state, _action: PayloadAction<RegisterRequest>) {
      state.status = 'submitting';
      state.error = null;
    },
    loginSucceeded(state) {
      state.status = 'idle';
      state.signedIn = true;
    },
    registerSucceeded(state, action: PayloadAction<{ email: string }>) {
      state.status = 'idle';
      state.mode = 'login';
      state.registeredEmail = action.payload.email;
    },
    lobbyFailed(state, action: PayloadAction<LobbyError>) {
      state.status = 'idle';
      state.error = action.payload;
    },
    /** The lobby was left: a later visit starts over in Sign In mode. */
    lobbyLeft() {
      return initialLobbyState;
    },
  },
});

export const { modeChanged, loginRequested, registerRequested, loginSucceeded, registerSucceeded, lobbyFailed, lobbyLeft } =
  lobbySlice.actions;
export const lobbyReducer = lobbySlice.reducer;

// This feature's key in the app's state; app/app-store mounts lobbyReducer under it.
declare module '../../store/root-state' {
  interface RootState {
    lobby: LobbyState;
  }
}
