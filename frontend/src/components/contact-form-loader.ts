import { createContext, type ComponentType } from 'react';

// The contact form is a feature of its own (features/contact), and pages of other features offer it:
// app/ hands its loader down through this context, so no feature imports another, and the form's
// code is fetched only when a visitor asks for it. Kept apart from the button, so the app's start
// carries this context and nothing more.

/** The contact form, a dialog the button opens and closes. */
export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
}

export interface ContactDialogModule {
  default: ComponentType<ContactDialogProps>;
}

/** Loads the contact form's module; null where the app provides none (the button then draws nothing). */
export const ContactFormLoader = createContext<(() => Promise<ContactDialogModule>) | null>(null);
