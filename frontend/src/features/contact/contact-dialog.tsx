import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, FIELD_MESSAGES, type ContactFields } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ContactDialogProps } from '../../components/contact-form-loader';
import { ApiError } from '../../store/api-client';
import { sendContactMessage } from './contact-api';

// The contact form, loaded when a visitor presses "Contact me" (components/contact-button.tsx). Its
// state lives here rather than in a store slice: nothing else reads it, and a slice and saga would be
// part of the app's start, which this form must not weigh on.

type Field = 'name' | 'email' | 'message';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['name', 'email', 'message'];

/** Out of sight and of the layout, but in the page, where a bot finds it. */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;
const EMPTY: Values = { name: '', email: '', message: '' };

export const CONTACT_TITLE = 'Send me a message';
export const CONTACT_SENT = 'Thank you: your message is on its way. I will answer by email.';
export const CONTACT_FAILURE = 'Your message could not be sent. Please try again later.';

/** "Too many messages …": the server's 429, with its wait in words. */
export function tooManyMessages(retryAfterSeconds: number | null): string {
  const minutes = retryAfterSeconds === null ? null : Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes === null ? 'a while' : minutes === 1 ? 'a minute' : `${minutes} minutes`;
  return `You have sent several messages from this address in a short time. Please try again in ${wait}.`;
}

/** What the form can tell before sending: the server's own rules, so a typo costs no attempt of the hourly few. */
function problemsOf(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const value = values[field].trim();
    if (!value) errors[field] = FIELD_MESSAGES.required;
    else if (value.length > CONTACT_LIMITS[field]) errors[field] = FIELD_MESSAGES.tooLong(CONTACT_LIMITS[field]);
  }
  // As lenient as the browser's own check: the server decides the rest, and says so under the field.
  if (!errors.email && !/^[^\s@]+@[^\s@]+$/.test(values.email.trim())) errors.email = FIELD_MESSAGES.invalidEmail;
  return errors;
}

type Outcome = { state: 'editing' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

export default function ContactDialog({ open, onClose }: ContactDialogProps) {
  const titleId = useId();
  const ids = { name: useId(), email: useId(), message: useId(), website: useId() };
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [values, setValues] = useState<Values>(EMPTY);
  // The trap for bots: hidden from people and from assistive technology, so only a bot fills it.
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ state: 'editing' });

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    // The first field in error takes the focus, so a keyboard or screen reader user lands on it.
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.state === 'sending') return;
    const found = problemsOf(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setOutcome({ state: 'sending' });
    const fields: ContactFields = { name: values.name.trim(), email: values.email.trim(), message: values.message.trim(), website };
    try {
      await sendContactMessage(fields);
      setOutcome({ state: 'sent' });
    } catch (error) {
      const refusal = error instanceof ApiError ? error : null;
      const onFields: FieldErrors = {};
      for (const { field, message } of refusal?.details ?? []) if ((FIELDS as string[]).includes(field)) onFields[field as Field] ??= message;
      if (refusal?.status === 400 && Object.keys(onFields).length > 0) {
        setOutcome({ state: 'editing' });
        return showErrors(onFields);
      }
      const message =
        refusal?.status === 429 ? tooManyMessages(refusal.retryAfterSeconds) : refusal?.code === 'NETWORK' ? refusal.message : CONTACT_FAILURE;
      setOutcome({ state: 'failed', message });
    }
  };

  const close = () => {
    onClose();
    // A sent message is done with: the next opening starts a new one. A draft stays for the next opening.
    if (outcome.state === 'sent') {
      setValues(EMPTY);
      setWebsite('');
      setOutcome({ state: 'editing' });
    }
  };

  const field = (name: Field, label: string, extra: { type?: string; autoComplete?: string; multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      id={ids[name]}
      name={name}
      label={label}
      required
      fullWidth
      margin="dense"
      type={extra.type}
      autoComplete={extra.autoComplete}
      multiline={extra.multiline}
      autoFocus={extra.autoFocus}
      minRows={extra.multiline ? 5 : undefined}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
        inputs.current[name] = element;
      }}
      slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS[name] } }}
    />
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{CONTACT_TITLE}</DialogTitle>
      {outcome.state === 'sent' ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {CONTACT_SENT}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} autoFocus>
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogContent sx={{ pt: 0 }}>
            <DialogContentText sx={{ mb: 1 }}>Write your message and how to reach you; I answer by email.</DialogContentText>
            {/* The dialog opens on its first field, ready for typing (the Dialog would focus itself). */}
            {field('name', 'Your name', { autoComplete: 'name', autoFocus: true })}
            {field('email', 'Your email', { type: 'email', autoComplete: 'email' })}
            {field('message', 'Message', { multiline: true })}
            <Box aria-hidden="true" sx={VISUALLY_HIDDEN}>
              <label htmlFor={ids.website}>Leave this field empty</label>
              <input id={ids.website} type="text" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
            </Box>
            {outcome.state === 'failed' && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {outcome.message}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={outcome.state === 'sending'}>
              {outcome.state === 'sending' ? 'Sending…' : 'Send'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
