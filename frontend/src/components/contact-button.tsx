import { useContext, useState, type ComponentType } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ContactFormLoader, type ContactDialogProps } from './contact-form-loader';

export const CONTACT_FORM_UNAVAILABLE = 'The contact form could not be loaded; check your connection and try again.';

/**
 * "Contact me": opens the contact form, whose module loads on the first press (or as the pointer or
 * focus reaches the button, so it is usually there by the press). The form stays mounted once
 * opened, so a visitor who closes it by mistake finds their text again.
 */
export function ContactButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const load = useContext(ContactFormLoader);
  const [Form, setForm] = useState<ComponentType<ContactDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!load) return null;

  const preload = () => void load().catch(() => undefined); // a failure shows when the button is pressed
  const openForm = () => {
    setFailed(false);
    if (Form) return setOpen(true);
    load().then(
      (module) => {
        setForm(() => module.default);
        setOpen(true);
      },
      () => setFailed(true),
    );
  };

  return (
    <>
      <Button variant="outlined" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={openForm} {...props}>
        Contact me
      </Button>
      {failed && (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {CONTACT_FORM_UNAVAILABLE}
        </Typography>
      )}
      {Form && <Form open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
