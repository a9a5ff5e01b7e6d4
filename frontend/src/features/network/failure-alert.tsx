import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { failureMessage, type FailedAttempt } from './network-messages';
import type { NetworkErrorCode } from './network-slice';

interface FailureAlertProps {
  attempt: FailedAttempt;
  code: NetworkErrorCode;
  /** After a 429: how long the server asked to wait, when it said. */
  retryAfterSeconds?: number | null;
  onRetry?(): void;
  onClose?(): void;
  sx?: SxProps<Theme>;
}

/** A failed call in words (role="alert"), with a retry button where trying again makes sense. */
export function FailureAlert({ attempt, code, retryAfterSeconds = null, onRetry, onClose, sx }: FailureAlertProps) {
  return (
    <Alert
      severity="error"
      onClose={onClose}
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {failureMessage(attempt, code, retryAfterSeconds)}
    </Alert>
  );
}
