import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactButton } from '../../components/contact-button';
import { ContactFormLoader, type ContactDialogModule } from '../../components/contact-form-loader';
import { fetchMock } from '../../test/fetch-mock';
import { CONTACT_FAILURE, CONTACT_SENT, CONTACT_TITLE, tooManyMessages } from './contact-dialog';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Could we talk about the engine?' };

let api: ReturnType<typeof fetchMock>;
beforeEach(() => {
  api = fetchMock();
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The button as a page draws it, with the form's module loaded through the app's context (here, spied on). */
function renderButton() {
  const load = vi.fn((): Promise<ContactDialogModule> => import('./contact-dialog'));
  const user = userEvent.setup();
  render(
    <ContactFormLoader.Provider value={load}>
      <ContactButton />
    </ContactFormLoader.Provider>,
  );
  return { load, user, button: screen.getByRole('button', { name: 'Contact me' }) };
}

async function openForm() {
  const view = renderButton();
  await view.user.click(view.button);
  const dialog = await screen.findByRole('dialog', { name: CONTACT_TITLE });
  return { ...view, dialog };
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof ADA>) {
  const labels = { name: 'Your name', email: 'Your email', message: 'Message' } as const;
  for (const [key, value] of Object.entries(values) as Array<[keyof typeof labels, string]>) {
    await user.clear(field(labels[key]));
    await user.type(field(labels[key]), value);
  }
}

describe('the contact form', { timeout: 20_000 }, () => {
  it('loads only when "Contact me" is pressed, and opens a labelled dialog with labelled fields and a hidden trap for bots', async () => {
    const { load, user, button } = renderButton();
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: CONTACT_TITLE });
    expect(load).toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Your name' })).toHaveFocus();
    for (const label of ['Your name', 'Your email', 'Message']) expect(within(dialog).getByRole('textbox', { name: label })).toBeRequired();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(3); // the trap is no textbox to assistive technology

    const trap = within(dialog).getByLabelText('Leave this field empty');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('says what is missing or wrong under each field before sending anything, and moves the focus to the first', async () => {
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    for (const label of ['Your name', 'Your email', 'Message']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(helperOf(field(label))).toBe('required');
    }
    expect(field('Your name')).toHaveFocus();

    await fill(user, { ...ADA, email: 'ada' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(helperOf(field('Your email'))).toBe('invalid email');
    expect(field('Your email')).toHaveFocus();
    expect(field('Your name')).toHaveAttribute('aria-invalid', 'false');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('sends the message, confirms it, and starts afresh once closed; the focus goes back to the button', async () => {
    const { user, dialog, button } = await openForm();
    await fill(user, ADA);
    api.answer({ received: true }, 201);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(CONTACT_SENT);
    const sent = await api.lastCall();
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url).pathname).toBe('/api/contact');
    expect(JSON.parse(sent.body ?? '')).toEqual({ ...ADA, website: '' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: CONTACT_TITLE })).toBeInTheDocument();
    expect(field('Your name')).toHaveValue('');
  });

  it("shows the server's field errors under their fields", async () => {
    const { user, dialog } = await openForm();
    await fill(user, { ...ADA, email: 'ada@example' }); // the browser's rule allows it; the server's does not
    api.answer({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Invalid input: email invalid email', details: [{ field: 'email', message: 'invalid email' }] }, 400);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(helperOf(field('Your email'))).toBe('invalid email'));
    expect(field('Your email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Your email')).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how long to wait when the site refuses more messages (429), and keeps the text', async () => {
    const { user, dialog } = await openForm();
    await fill(user, ADA);
    api.fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many messages from this address; wait 60 min and try again' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '3600' },
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tooManyMessages(3600));
    expect(tooManyMessages(3600)).toMatch(/try again in 60 minutes\.$/);
    expect(field('Message')).toHaveValue(ADA.message);
  });

  it('says so when the message could not be sent, and keeps a closed draft for the next opening', async () => {
    const { user, dialog, button } = await openForm();
    await fill(user, ADA);
    api.answer({ statusCode: 500, code: 'INTERNAL', message: 'Internal error' }, 500);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONTACT_FAILURE);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(button);
    await screen.findByRole('dialog', { name: CONTACT_TITLE });
    expect(field('Message')).toHaveValue(ADA.message);
  });
});
