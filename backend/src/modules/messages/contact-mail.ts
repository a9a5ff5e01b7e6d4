import type { SendMailOptions } from 'nodemailer';

/** What the owner's mail is made of: the stored message, as the visitor wrote it. */
export interface ContactMailInput {
  name: string;
  email: string;
  message: string;
  createdAt: Date;
}

/**
 * The mail to the owner: plain text only (nothing the visitor wrote is ever read as HTML), the
 * visitor as Reply-To so that answering it answers them, and the sender the site's own address (a
 * mail server refuses, or marks as spam, mail "from" addresses it does not serve).
 */
export function contactMail(input: ContactMailInput, addresses: { from: string; to: string }): SendMailOptions {
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: { name: input.name, address: input.email },
    subject: `Contact form: ${input.name}`,
    text: `${input.message}\n\n-- \n${input.name} <${input.email}> wrote this with your site's contact form on ${input.createdAt.toISOString()}. Reply to this mail to answer them.\n`,
  };
}
