// What both soaks need to sign members up: a real picture, and the registration form the API takes.
import sharp from 'sharp';

/** The seeded guest's sign-in, shown on the lobby to every visitor (contracts' GUEST_ACCOUNT). */
export const GUEST = { email: 'guest@example.com', password: 'guest-password' };

/** A small real PNG of one colour; the server re-encodes it with sharp, as any upload. */
export function smallPng(seed) {
  const channel = (shift) => (seed * 97 + shift) % 256;
  return sharp({ create: { width: 48, height: 32, channels: 3, background: { r: channel(0), g: channel(85), b: channel(170) } } })
    .png()
    .toBuffer();
}

/** POST /api/auth/register's multipart form: the member's fields and their picture. */
export function registrationForm(fields, picture) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('picture', new Blob([picture], { type: 'image/png' }), 'me.png');
  return form;
}
