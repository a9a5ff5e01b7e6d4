import { randomUUID } from 'node:crypto';
import * as net from 'node:net';
import { CONTACT_LIMITS, type ContactMessage } from '@atelier/contracts';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { contactMessages } from '../src/db/schema/contact-messages.table';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { createTestApp, type TestApp } from './helpers/test-app';

// POST /api/contact: a visitor's message to the owner, stored first, then mailed over SMTP_URL
// (here to a real SMTP server, smtp-server, started by the test); the owner reads them at
// /api/admin/messages.

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Could we talk about the engine project?' };
const OWNER = 'owner@example.com';
const SMTP_USER = { user: 'site', pass: 's3cret-for-tests' };

const storedRows = (t: TestApp) => t.database.handle.db.select().from(contactMessages);
const list = async (t: TestApp) => (await t.http.get('/api/admin/messages').set(admin).expect(200)).body as ContactMessage[];

/** The owner's view of the newest message once its mail has an outcome (sending happens after the answer). */
async function mailOutcome(t: TestApp, timeoutMs = 20_000): Promise<ContactMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await list(t);
    if (newest && newest.mailStatus !== 'sending') return newest;
    if (Date.now() > deadline) throw new Error(`the mail is still ${newest?.mailStatus} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('contact messages without SMTP_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, CONTACT_MESSAGES_PER_IP_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.database.handle.db.delete(contactMessages));

  const send = (body: unknown) => t.http.post('/api/contact').send(body as object);

  it('keeps a message for the owner, unread, saying no mail is configured', async () => {
    const res = await send({ ...ADA, website: '' }).expect(201);
    expect(res.body).toEqual({ received: true });
    const [message] = await list(t);
    expect(message).toEqual({
      id: expect.any(String),
      ...ADA,
      createdAt: expect.any(String),
      read: false,
      readAt: null,
      mailStatus: 'not-configured',
      mailError: null,
      clientAddress: '127.0.0.1',
    });
  });

  it('answers every field problem at once, with the field named, and stores nothing', async () => {
    const details = async (body: unknown) => {
      const res = await send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringMatching(/^Invalid input: /) });
      return res.body.details as Array<{ field: string; message: string }>;
    };

    expect(await details({})).toEqual([
      { field: 'name', message: 'required' },
      { field: 'email', message: 'required' },
      { field: 'message', message: 'required' },
    ]);
    expect(await details({ name: '  ', email: 'ada@', message: '' })).toEqual([
      { field: 'name', message: 'required' },
      { field: 'email', message: 'invalid email' },
      { field: 'message', message: 'required' },
    ]);
    expect(
      await details({
        name: 'x'.repeat(CONTACT_LIMITS.name + 1),
        email: `${'a'.repeat(250)}@example.com`,
        message: 'x'.repeat(CONTACT_LIMITS.message + 1),
      }),
    ).toEqual([
      { field: 'name', message: 'must be at most 100 characters' },
      { field: 'email', message: 'must be at most 254 characters' },
      { field: 'message', message: 'must be at most 5000 characters' },
    ]);
    expect(await details({ ...ADA, name: 'Ada\r\nBcc: everyone@example.com' })).toEqual([{ field: 'name', message: 'must be one line of text' }]);
    expect(await details({ ...ADA, phone: '555-0100' })).toEqual([{ field: 'phone', message: 'is not an accepted field' }]);
    expect(await details({ ...ADA, message: 42 })).toEqual([{ field: 'message', message: 'must be text' }]);
    expect((await send([ADA]).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.post('/api/contact').set('Content-Type', 'application/json').send('{"name": ').expect(400)).body.code).toBe('VALIDATION_FAILED');

    expect(await storedRows(t)).toEqual([]);
  });

  it('answers a bot that fills the hidden field as it answers people, and keeps nothing of it', async () => {
    const res = await send({ ...ADA, website: 'https://cheap-pills.example' }).expect(201);
    expect(res.body).toEqual({ received: true });
    expect(await storedRows(t)).toEqual([]);
  });

  it('lists newest first; showing a message marks it read, once; remove deletes it', async () => {
    for (const name of ['First', 'Second', 'Third']) await send({ ...ADA, name }).expect(201);
    const [third, second, first] = await list(t);
    expect([third.name, second.name, first.name]).toEqual(['Third', 'Second', 'First']);
    expect((await t.http.get('/api/admin/messages?limit=2').set(admin).expect(200)).body).toHaveLength(2);

    const shown = (await t.http.get(`/api/admin/messages/${second.id}`).set(admin).expect(200)).body as ContactMessage;
    expect(shown).toMatchObject({ id: second.id, name: 'Second', read: true, readAt: expect.any(String) });
    const again = (await t.http.get(`/api/admin/messages/${second.id}`).set(admin).expect(200)).body as ContactMessage;
    expect(again.readAt).toBe(shown.readAt);
    expect((await list(t)).map((message) => message.read)).toEqual([false, true, false]);

    await t.http.delete(`/api/admin/messages/${second.id}`).set(admin).expect(204);
    expect((await list(t)).map((message) => message.name)).toEqual(['Third', 'First']);
    expect((await t.http.delete(`/api/admin/messages/${second.id}`).set(admin).expect(404)).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.http.get(`/api/admin/messages/${second.id}`).set(admin).expect(404)).body.message).toBe(`No message with id ${second.id}`);
    expect((await t.http.get('/api/admin/messages/not-an-id').set(admin).expect(400)).body.details).toEqual([{ field: 'id', message: 'must be a message id' }]);
  });

  it('shows the messages to the admin token only', async () => {
    await send(ADA).expect(201);
    await t.http.get('/api/admin/messages').expect(401);
    await t.http.get('/api/admin/messages').set('Authorization', 'Bearer wrong-token-0123456789-0123').expect(401);
  });
});

describe('contact messages per client address', () => {
  const LIMIT = 3;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, CONTACT_MESSAGES_PER_IP_PER_HOUR: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('refuses a burst beyond CONTACT_MESSAGES_PER_IP_PER_HOUR with 429 and Retry-After, storing no more', async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT + 4 }, (_, i) => t.http.post('/api/contact').send({ ...ADA, message: `burst ${i}` })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(201), ...Array<number>(4).fill(429)]);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many messages from this address; wait 60 min and try again' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter > 3500 && retryAfter <= 3600).toBe(true);
    expect(await storedRows(t)).toHaveLength(LIMIT);
  });
});

describe('contact messages across API processes', () => {
  (process.env.REDIS_URL ? it : it.skip)('with REDIS_URL, counts one address through two processes against one limit', async () => {
    // Two API processes of one site: one Redis and prefix.
    const env = { ADMIN_TOKEN, CONTACT_MESSAGES_PER_IP_PER_HOUR: '2', REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `contact-${randomUUID()}` };
    const [first, second] = [await createTestApp(env), await createTestApp(env)];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await (i % 2 === 0 ? first : second).http.post('/api/contact').send({ ...ADA, message: `via ${i}` })).status);
      expect(statuses).toEqual([201, 201, 429, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

/** A real SMTP server on a free port: it checks the site's user and password and keeps what it receives. */
interface TestSmtp {
  port: number;
  mails: Array<{ raw: string; from: string; to: string[]; user: unknown }>;
  /** Refuse every recipient with this 550 text. */
  refuseRecipients: string | null;
  /** Accept a mail's data only once this resolves (a slow mail server). */
  holdData: Promise<void> | null;
  close(): Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const smtp: TestSmtp = { port: 0, mails: [], refuseRecipients: null, holdData: null, close: async () => undefined };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'], // plain text on loopback; AUTH is then allowed only with allowInsecureAuth
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER.user && auth.password === SMTP_USER.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (smtp.refuseRecipients === null) return callback();
      callback(Object.assign(new Error(smtp.refuseRecipients), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (smtp.holdData ?? Promise.resolve()).then(() => {
          const address = (entry: SMTPServerAddress | false) => (entry ? entry.address : '');
          smtp.mails.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            from: address(session.envelope.mailFrom),
            to: session.envelope.rcptTo.map(address),
            user: session.user,
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  smtp.port = (server.server.address() as net.AddressInfo).port;
  smtp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return smtp;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('contact messages mailed over SMTP_URL', () => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      ADMIN_TOKEN,
      CONTACT_MESSAGES_PER_IP_PER_HOUR: '1000',
      SMTP_URL: `smtp://${SMTP_USER.user}:${SMTP_USER.pass}@127.0.0.1:${smtp.port}`,
      CONTACT_EMAIL: OWNER,
      CONTACT_FROM: 'Atelier <site@example.com>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.mails = [];
    smtp.refuseRecipients = null;
    smtp.holdData = null;
  });

  it('mails the message to CONTACT_EMAIL from CONTACT_FROM, with the visitor as Reply-To, and records it sent', async () => {
    await t.http.post('/api/contact').send(ADA).expect(201);
    expect(await mailOutcome(t)).toMatchObject({ ...ADA, mailStatus: 'sent', mailError: null });

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail).toMatchObject({ from: 'site@example.com', to: [OWNER], user: SMTP_USER.user });
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>$/m);
    expect(headers).toMatch(/^From: Atelier <site@example\.com>$/m);
    expect(headers).toMatch(/^To: owner@example\.com$/m);
    expect(headers).toMatch(/^Subject: Contact form: Ada Lovelace$/m);
    expect(headers).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toContain(ADA.message);
  });

  it('answers the visitor without waiting for the mail server', async () => {
    let release = () => undefined as void;
    smtp.holdData = new Promise<void>((resolve) => (release = resolve));
    await t.http.post('/api/contact').send({ ...ADA, message: 'Sent while the mail server dawdles' }).expect(201);
    expect((await list(t))[0]).toMatchObject({ message: 'Sent while the mail server dawdles', mailStatus: 'sending', mailError: null });
    release();
    expect(await mailOutcome(t)).toMatchObject({ mailStatus: 'sent' });
    expect(smtp.mails.map((mail) => mail.raw).join()).toContain('Sent while the mail server dawdles');
  });

  it('keeps a message the mail server refuses, and says why the mail failed', async () => {
    smtp.refuseRecipients = 'No such mailbox here';
    await t.http.post('/api/contact').send({ ...ADA, message: 'Refused at RCPT TO' }).expect(201);
    const message = await mailOutcome(t);
    expect(message).toMatchObject({ message: 'Refused at RCPT TO', mailStatus: 'failed' });
    expect(message.mailError).toMatch(/550 No such mailbox here/);
    expect(smtp.mails).toEqual([]);
  });
});

describe('contact messages when the mail server cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, CONTACT_EMAIL: OWNER });
  });
  afterAll(() => t.close());

  it('keeps the message and records the failed connection', async () => {
    await t.http.post('/api/contact').send(ADA).expect(201);
    const message = await mailOutcome(t);
    expect(message).toMatchObject({ ...ADA, mailStatus: 'failed' });
    expect(message.mailError).toMatch(/ECONNREFUSED/);
    expect(await storedRows(t)).toHaveLength(1);
  });
});
