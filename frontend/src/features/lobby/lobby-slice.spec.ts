import { describe, expect, it } from 'vitest';
import {
  initialLobbyState,
  lobbyFailed,
  lobbyLeft,
  lobbyReducer,
  loginRequested,
  loginSucceeded,
  modeChanged,
  registerRequested,
  registerSucceeded,
  type LobbyError,
  type LobbyState,
} from './lobby-slice';

const wrongPassword: LobbyError = { code: 'UNAUTHORIZED', message: 'The email or password is not correct', details: [] };
const fields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: 'London',
  occupation: 'Engineer',
  picture: new File(['png'], 'me.png'),
  email: 'ada@example.com',
  password: 'analytical',
};
const reduce = (...actions: Parameters<typeof lobbyReducer>[1][]): LobbyState =>
  actions.reduce(lobbyReducer, initialLobbyState);

describe('lobby slice', () => {
  it('starts idle in Sign In mode with nothing to report', () => {
    expect(lobbyReducer(undefined, { type: 'init' })).toEqual({
      mode: 'login',
      status: 'idle',
      error: null,
      registeredEmail: null,
      signedIn: false,
    });
  });

  it('a request submits and clears the previous failure', () => {
    const failed = reduce(loginRequested({ email: 'a@b.c', password: 'x' }), lobbyFailed(wrongPassword));
    expect(failed).toMatchObject({ status: 'idle', error: wrongPassword });
    expect(lobbyReducer(failed, loginRequested({ email: 'a@b.c', password: 'y' }))).toMatchObject({
      status: 'submitting',
      error: null,
    });
  });

  it('a sign-in marks the lobby signed in', () => {
    expect(reduce(loginRequested({ email: 'a@b.c', password: 'x' }), loginSucceeded())).toMatchObject({
      status: 'idle',
      signedIn: true,
      error: null,
    });
  });

  it('a registration switches to Sign In mode and remembers the email', () => {
    const state = reduce(modeChanged('register'), registerRequested(fields), registerSucceeded({ email: fields.email }));
    expect(state).toMatchObject({ mode: 'login', status: 'idle', registeredEmail: 'ada@example.com', error: null });
  });

  it('keeps the field details of a refused registration', () => {
    const taken: LobbyError = {
      code: 'CONFLICT',
      message: 'That email is already registered',
      details: [{ field: 'email', message: 'is already registered' }],
    };
    const state = reduce(modeChanged('register'), registerRequested(fields), lobbyFailed(taken));
    expect(state).toMatchObject({ mode: 'register', status: 'idle', error: taken, registeredEmail: null });
  });

  it('switching modes clears the failure and the registration notice', () => {
    const registered = reduce(modeChanged('register'), registerSucceeded({ email: 'a@b.c' }));
    expect(lobbyReducer(registered, modeChanged('register'))).toMatchObject({ mode: 'register', registeredEmail: null });
    const failed = reduce(lobbyFailed(wrongPassword));
    expect(lobbyReducer(failed, modeChanged('register'))).toMatchObject({ mode: 'register', error: null });
  });

  it('signing in after registering drops the notice', () => {
    const registered = reduce(registerSucceeded({ email: 'a@b.c' }));
    expect(lobbyReducer(registered, loginRequested({ email: 'a@b.c', password: 'pw' })).registeredEmail).toBeNull();
  });

  it('leaving the lobby starts it over', () => {
    const state = reduce(modeChanged('register'), lobbyFailed(wrongPassword), loginSucceeded());
    expect(lobbyReducer(state, lobbyLeft())).toEqual(initialLobbyState);
  });
});
