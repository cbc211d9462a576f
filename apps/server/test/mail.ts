import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the receiver accepted, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The raw message, as it arrived. */
  raw: string;
  /** Its Message-ID header ('<…>'), if any. */
  messageId: string | undefined;
}

export interface SmtpReceiverOptions {
  /**
   * Runs once a message is received and stored, before the server answers 250: what happens to
   * the sender in that instant (e.g. its process is killed) happens after the server accepted it.
   */
  beforeAccept?: (mail: ReceivedMail) => Promise<void>;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:<port> — give it as the config's smtpUrl. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Messages to one address. */
  to(address: string): ReceivedMail[];
  /** Waits until `predicate` holds for the messages received (default 10 s), then returns them. */
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuses these recipients for good (550), as a server refuses an unknown mailbox. */
  rejectRecipient(address: string): void;
  /** Stops listening (connections are refused) until resume(); messages already received stay. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the smtp-server package): nodemailer talks to it over TCP
 * exactly as to a production relay, and every message is parsed with mailparser.
 */
export async function startSmtpReceiver(port = 0, options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const rejected = new Set<string>();
  const make = () =>
    new SMTPServer({
      authOptional: true,
      // pause() must drop open connections at once, as a server that goes down does.
      closeTimeout: 50,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (rejected.has(address.address.toLowerCase())) {
          const err = new Error(`Buzón desconocido: ${address.address}`) as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then(async (parsed) => {
              const mail: ReceivedMail = {
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                raw,
                messageId: parsed.messageId,
              };
              messages.push(mail);
              await options.beforeAccept?.(mail);
              callback();
            })
            .catch((err: Error) => callback(err));
        });
      },
    });
  let server = make();
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const bound = await listen(port);
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    async waitFor(predicate, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > until) {
          throw new Error(
            `SMTP: la condición no se cumplió en ${timeoutMs} ms (${messages.length} mensajes)`,
          );
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    rejectRecipient(address) {
      rejected.add(address.toLowerCase());
    },
    async pause() {
      await close();
    },
    async resume() {
      server = make();
      await listen(bound);
    },
    stop: close,
  };
}
