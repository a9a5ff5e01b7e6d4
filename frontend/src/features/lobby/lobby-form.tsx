import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Form, Formik, useFormikContext, type FormikErrors, type FormikTouched, type FormikValues } from 'formik';
import type { FileRejection } from 'react-dropzone';
import { PictureDropZone } from '../../components/picture-drop-zone';
import { useLive } from '../../components/use-live';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import {
  loginInitialValues,
  loginSchema,
  registerInitialValues,
  registerSchema,
  type LoginFields,
  type RegisterValues,
} from './lobby-schemas';
import { selectLobbyError, selectLobbyMode, selectLobbySubmitting, selectRegisteredEmail } from './lobby-selectors';
import { loginRequested, modeChanged, registerRequested, type LobbyError } from './lobby-slice';

export const REGISTERED_MESSAGE = 'Account created — sign in to continue.';

/** The Sign In / Create Account form; each mode is its own form, so switching modes starts it afresh. */
export function LobbyForm() {
  const mode = useAppSelector(selectLobbyMode);
  const submitting = useAppSelector(selectLobbySubmitting);
  const dispatch = useAppDispatch();

  return (
    <Box>
      {mode === 'login' ? <LoginForm /> : <RegisterForm />}
      {/* A link to the other form, in words and looks; a button underneath, since it changes no address. */}
      <Link
        component="button"
        type="button"
        role="link"
        variant="body2"
        disabled={submitting}
        onClick={() => dispatch(modeChanged(mode === 'login' ? 'register' : 'login'))}
        sx={{ textAlign: 'left', '&:hover': { cursor: 'pointer', color: 'primary.light' } }}
      >
        {mode === 'login' ? "Don't have an account? Sign Up here." : 'Already have an account? Login here.'}
      </Link>
    </Box>
  );
}

// After a failed sign-in the email stays and the password goes (docs/requirements/matrix-network.md#lobby resets the form after each
// attempt); a failed registration keeps everything, so the member fixes only what the server refused.
const keepEmail = ({ email }: LoginFields): LoginFields => ({ email, password: '' });
const keepAll = (values: RegisterValues) => values;

function LoginForm() {
  const registeredEmail = useAppSelector(selectRegisteredEmail);
  const dispatch = useAppDispatch();
  return (
    <Formik
      initialValues={loginInitialValues(registeredEmail)}
      validationSchema={loginSchema}
      onSubmit={(values) => {
        dispatch(loginRequested(loginSchema.validateSync(values)));
      }}
    >
      <LobbyFormBody submitLabel="SIGN IN" keep={keepEmail}>
        {registeredEmail !== null ? (
          <Alert severity="success" role="status" sx={{ gridColumn: 'span 4' }}>
            {REGISTERED_MESSAGE}
          </Alert>
        ) : null}
        <FormField name="email" label="Email" type="email" autoComplete="email" />
        <FormField name="password" label="Password" type="password" autoComplete="current-password" />
      </LobbyFormBody>
    </Formik>
  );
}

function RegisterForm() {
  const dispatch = useAppDispatch();
  return (
    <Formik
      initialValues={registerInitialValues}
      validationSchema={registerSchema}
      onSubmit={(values) => {
        dispatch(registerRequested(registerSchema.validateSync(values)));
      }}
    >
      <LobbyFormBody submitLabel="CREATE YOUR NEW ACCOUNT" keep={keepAll}>
        <FormField name="firstName" label="First Name" autoComplete="given-name" half />
        <FormField name="lastName" label="Last Name" autoComplete="family-name" half />
        <FormField name="location" label="Location" />
        <FormField name="occupation" label="Occupation" />
        <PictureField />
        <FormField name="email" label="Email" type="email" autoComplete="email" />
        <FormField name="password" label="Password" type="password" autoComplete="new-password" />
      </LobbyFormBody>
    </Formik>
  );
}

interface LobbyFormBodyProps<V> {
  submitLabel: string;
  keep(values: V): V;
  children: ReactNode;
}

/** The fields in the lobby's grid (4 columns from 600px, one below: docs/requirements/matrix-network.md#lobby), the server's answer, and the submit button. */
function LobbyFormBody<V extends FormikValues>({ submitLabel, keep, children }: LobbyFormBodyProps<V>) {
  const submitting = useAppSelector(selectLobbySubmitting);
  const unplaced = useFailedAttempt(keep);
  // Until the page is live the browser would submit the form itself: as a GET, with the password in the address.
  const live = useLive();
  return (
    <Form noValidate method="post">
      <Box sx={{ display: 'grid', gap: '30px', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }}>{children}</Box>
      {unplaced ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {unplaced.message}
        </Alert>
      ) : null}
      <Button type="submit" fullWidth variant="contained" disabled={submitting || !live} sx={{ my: '2rem', p: '1rem' }}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * Once per failed attempt: resets the form to the values worth keeping and puts the server's field
 * errors on their fields (shown at once, as if touched). Answers the failure when none of its details
 * belongs to a field here, so it is shown as a whole instead.
 */
function useFailedAttempt<V extends FormikValues>(keep: (values: V) => V): LobbyError | null {
  const error = useAppSelector(selectLobbyError);
  const { values, resetForm } = useFormikContext<V>();
  // A failure already in the store when this form appeared belongs to an earlier form.
  const handled = useRef(error);

  useEffect(() => {
    if (!error || error === handled.current) return;
    handled.current = error;
    const errors: Record<string, string> = {};
    for (const { field, message } of error.details) if (field in values && !errors[field]) errors[field] = message;
    const touched = Object.fromEntries(Object.keys(errors).map((field) => [field, true]));
    resetForm({ values: keep(values), errors: errors as FormikErrors<V>, touched: touched as FormikTouched<V> });
  }, [error, keep, resetForm, values]);

  return error && !error.details.some(({ field }) => field in values) ? error : null;
}

/** The grid column a field takes: names side by side from 600px (sm), everything full width below. */
const gridColumn = (half = false) => (half ? { xs: 'span 4', sm: 'span 2' } : 'span 4');

interface FormFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  half?: boolean;
}

function FormField({ name, label, type = 'text', autoComplete, half }: FormFieldProps) {
  const { getFieldProps, getFieldMeta } = useFormikContext<FormikValues>();
  const { touched, error } = getFieldMeta<string>(name);
  const shown = touched && error ? error : undefined;
  return (
    <TextField
      {...getFieldProps<string>(name)}
      id={`lobby-${name}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      error={shown !== undefined}
      helperText={shown}
      sx={{ gridColumn: gridColumn(half) }}
    />
  );
}

function PictureField() {
  const { values, setFieldValue, setFieldTouched, getFieldMeta } = useFormikContext<RegisterValues>();
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const { touched, error } = getFieldMeta('picture');
  return (
    <Box sx={{ gridColumn: gridColumn() }}>
      <PictureDropZone
        label="Add Picture Here"
        file={values.picture}
        onChange={(file) => {
          void setFieldValue('picture', file);
          void setFieldTouched('picture', true, false);
        }}
        onRejected={setRejections}
        rejections={rejections}
        error={touched && error ? error : undefined}
      />
    </Box>
  );
}
