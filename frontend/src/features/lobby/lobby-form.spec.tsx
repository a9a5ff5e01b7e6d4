import { FIELD_MESSAGES, GUEST_ACCOUNT } from '@atelier/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { socialApi } from '../../store/social-api';
import { testMember } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { styleAtWidth } from '../../test/viewport';

const TO_SIGN_UP = "Don't have an account? Sign Up here.";
const TO_SIGN_IN = 'Already have an account? Login here.';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const messages = (text: string) => screen.queryAllByText(text, { exact: true });
const portrait = () => new File(['png'], 'portrait.png', { type: 'image/png' });

async function openLobby() {
  const app = renderApp('/lobby');
  await screen.findByRole('button', { name: 'SIGN IN' });
  return app;
}

async function openCreateAccount() {
  const app = await openLobby();
  await app.user.click(screen.getByRole('link', { name: TO_SIGN_UP }));
  await screen.findByRole('button', { name: 'CREATE YOUR NEW ACCOUNT' });
  return app;
}

type App = Awaited<ReturnType<typeof openLobby>>;

async function fillRegistration({ user }: App, email = 'ada@example.com') {
  const values: [string, string][] = [
    ['First Name', 'Ada'],
    ['Last Name', 'Lovelace'],
    ['Location', 'London'],
    ['Occupation', 'Engineer'],
    ['Email', email],
    ['Password', 'analytical'],
  ];
  for (const [label, value] of values) {
    await user.click(field(label));
    await user.paste(value);
  }
  await user.upload(screen.getByLabelText('Add Picture Here'), portrait());
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lobby form', { timeout: 20_000 }, () => {
  it('starts in Sign In mode prefilled with the guest account', async () => {
    await openLobby();
    expect(screen.getByText('Welcome to the Matrix Network, the social network for AI/ML professionals!')).toBeInTheDocument();
    expect(field('Email')).toHaveValue(GUEST_ACCOUNT.email);
    expect(field('Password')).toHaveValue(GUEST_ACCOUNT.password);
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: TO_SIGN_UP })).toBeInTheDocument();
  });

  it('Create Account starts empty with every field, the drop zone and its button', async () => {
    await openCreateAccount();
    for (const label of ['First Name', 'Last Name', 'Location', 'Occupation', 'Email', 'Password']) {
      expect(field(label)).toHaveValue('');
    }
    expect(screen.getByLabelText('Add Picture Here')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('link', { name: TO_SIGN_IN })).toBeInTheDocument();
  });

  it("Sign In shows 'required' and 'invalid email' only once a field was touched", async () => {
    const { user } = await openLobby();
    await user.clear(field('Email'));
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(0);
    await user.click(field('Password'));
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(1);

    await user.type(field('Email'), 'guest@');
    await user.click(field('Password'));
    expect(messages(FIELD_MESSAGES.invalidEmail)).toHaveLength(1);
    expect(field('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.invalidEmail);
  });

  it("Create Account shows a field's message only after it was focused and left", async () => {
    const { user } = await openCreateAccount();
    await user.click(field('First Name'));
    expect(field('First Name')).toHaveFocus();
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(0);
    await user.click(document.body);
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(1);
    expect(field('First Name')).toHaveAccessibleDescription(FIELD_MESSAGES.required);

    await user.type(field('Email'), 'not-an-email');
    expect(messages(FIELD_MESSAGES.invalidEmail)).toHaveLength(0);
    await user.click(document.body);
    expect(messages(FIELD_MESSAGES.invalidEmail)).toHaveLength(1);
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(1);
  });

  it("a Create Account attempt with nothing filled in says 'required' everywhere, the drop zone too", async () => {
    const register = vi.spyOn(socialApi, 'register');
    const { user } = await openCreateAccount();
    await user.click(screen.getByRole('button', { name: 'CREATE YOUR NEW ACCOUNT' }));

    await waitFor(() => expect(messages(FIELD_MESSAGES.required)).toHaveLength(7));
    expect(screen.getByRole('alert')).toHaveTextContent(FIELD_MESSAGES.required);
    expect(register).not.toHaveBeenCalled();
  });

  it('switching modes resets the form', async () => {
    const { user } = await openLobby();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'someone@example.com');
    await user.click(screen.getByRole('link', { name: TO_SIGN_UP }));
    await user.type(field('First Name'), 'Grace');
    await user.click(field('Last Name'));
    await user.click(screen.getByRole('link', { name: TO_SIGN_IN }));

    expect(field('Email')).toHaveValue(GUEST_ACCOUNT.email);
    await user.click(screen.getByRole('link', { name: TO_SIGN_UP }));
    expect(field('First Name')).toHaveValue('');
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(0);
  });

  it('a registration switches to Sign In with the email and says the account was created', async () => {
    const register = vi.spyOn(socialApi, 'register').mockResolvedValue({ ...testMember, email: 'ada@example.com' });
    const app = await openCreateAccount();
    await fillRegistration(app, ' ada@example.com ');
    expect(screen.getByText('portrait.png')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'CREATE YOUR NEW ACCOUNT' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Account created — sign in to continue.');
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Ada', email: 'ada@example.com' }));
    expect(register.mock.calls[0][0].picture.name).toBe('portrait.png');
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Password')).toHaveValue('');
  });

  it("puts the server's field error on the Email field and keeps what was typed", async () => {
    vi.spyOn(socialApi, 'register').mockRejectedValue(
      new ApiError(409, 'CONFLICT', 'That email is already registered', [
        { field: 'email', message: FIELD_MESSAGES.emailTaken },
      ]),
    );
    const app = await openCreateAccount();
    await fillRegistration(app, GUEST_ACCOUNT.email);
    await app.user.click(screen.getByRole('button', { name: 'CREATE YOUR NEW ACCOUNT' }));

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.emailTaken));
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First Name')).toHaveValue('Ada');
    expect(screen.getByText('portrait.png')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Editing the email answers with the form's own checks again.
    await app.user.type(field('Email'), 'x');
    expect(field('Email')).not.toHaveAccessibleDescription(FIELD_MESSAGES.emailTaken);
  });

  it("a wrong password shows the server's message, keeps the email and clears the password", async () => {
    vi.spyOn(socialApi, 'login').mockRejectedValue(new ApiError(401, 'UNAUTHORIZED', 'The email or password is not correct'));
    const { user, router, store } = await openLobby();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not correct');
    expect(field('Email')).toHaveValue(GUEST_ACCOUNT.email);
    expect(field('Password')).toHaveValue('');
    expect(messages(FIELD_MESSAGES.required)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/lobby');
    expect(store.getState().session.token).toBeNull();
  });

  it('a refusal without field details (rate limited) says how long to wait', async () => {
    vi.spyOn(socialApi, 'login').mockRejectedValue(
      new ApiError(429, 'RATE_LIMITED', 'Too many attempts from this address; wait a minute and try again', [], 1),
    );
    const { user } = await openLobby();
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 1 second and try again.');
  });

  it('signing in stores the member and token and goes to /matrix', async () => {
    const login = vi.spyOn(socialApi, 'login').mockResolvedValue({ user: testMember, token: 'jwt' });
    const { user, router, store } = await openLobby();
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/matrix'));
    expect(login).toHaveBeenCalledWith(GUEST_ACCOUNT.email, GUEST_ACCOUNT.password);
    expect(store.getState().session).toMatchObject({ user: testMember, token: 'jwt' });
    // Leaving the lobby starts it over for the next visit.
    await waitFor(() => expect(store.getState().lobby.signedIn).toBe(false));
  });

  it('from 600px puts the names side by side in the 4-column grid; every other field, and every field below, takes the whole row', async () => {
    const { user } = await openLobby();
    await user.click(screen.getByRole('link', { name: TO_SIGN_UP }));
    const columnsAt = (label: string) =>
      [375, 599, 600, 1280].map((width) => styleAtWidth(field(label).closest('.MuiFormControl-root') as HTMLElement, 'grid-column', width));

    for (const label of ['First Name', 'Last Name']) expect(columnsAt(label)).toEqual(['span 4', 'span 4', 'span 2', 'span 2']);
    for (const label of ['Location', 'Occupation', 'Email', 'Password']) expect(columnsAt(label)).toEqual(Array(4).fill('span 4'));
  });

  it('sits on a card 93% of the page wide, and half of it from 1000px', async () => {
    await openLobby();
    const card = screen.getByRole('button', { name: 'SIGN IN' }).closest('.MuiPaper-root') as HTMLElement;
    expect([390, 999, 1000, 1280].map((width) => styleAtWidth(card, 'width', width))).toEqual(['93%', '93%', '50%', '50%']);
  });

  it('a signed-in member who opens /lobby still sees it', async () => {
    renderApp('/lobby', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
  });
});
