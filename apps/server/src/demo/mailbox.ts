import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the demo's mailbox received. */
export interface DemoMail {
  id: number;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

export interface DemoMailbox {
  /** smtp://127.0.0.1:<port>: the demo app's SMTP_URL. */
  smtpUrl: string;
  /** Where a person reads the mail: http://127.0.0.1:<port>/ */
  inboxUrl: string;
  messages: DemoMail[];
  close(): Promise<void>;
}

const escape = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
iframe{width:100%;height:36rem;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}</style></head>
<body>${body}</body></html>`;
}

/**
 * `npm run demo` without SMTP_URL: a real SMTP server (smtp-server) that keeps every message the demo
 * sends, and a small web inbox to read them — mail works with nothing to install (issue 18).
 * Both listen on 127.0.0.1 only; the ports are the first free from the ones asked.
 */
export async function startDemoMailbox(smtpPort = 2525, webPort = 3025): Promise<DemoMailbox> {
  const messages: DemoMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            id: messages.length + 1,
            to: session.envelope.rcptTo.map((r) => r.address).join(', '),
            subject: parsed.subject ?? '(sin asunto)',
            date: new Date().toLocaleString('es-DO'),
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const one = /^\/mensaje\/(\d+)$/.exec(url.pathname);
    const raw = /^\/mensaje\/(\d+)\/html$/.exec(url.pathname);
    res.setHeader('x-content-type-options', 'nosniff');
    if (raw) {
      const mail = messages[Number(raw[1]) - 1];
      // The message itself, with no scripts and no access to this page (sandbox).
      res.setHeader(
        'content-security-policy',
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      );
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(mail?.html ?? '');
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
    );
    if (one) {
      const mail = messages[Number(one[1]) - 1];
      if (!mail) {
        res.statusCode = 404;
        res.end(page('No existe', '<p>Ese correo no existe. <a href="/">Volver</a></p>'));
        return;
      }
      res.end(
        page(
          mail.subject,
          `<p><a href="/">← Bandeja</a></p><h1>${escape(mail.subject)}</h1><p>Para: ${escape(mail.to)} · ${escape(mail.date)}</p>
<iframe title="Correo en HTML" sandbox src="/mensaje/${mail.id}/html"></iframe><h2>Texto</h2><pre>${escape(mail.text)}</pre>`,
        ),
      );
      return;
    }
    const rows = [...messages]
      .reverse()
      .map(
        (m) =>
          `<tr><td>${escape(m.date)}</td><td>${escape(m.to)}</td><td><a href="/mensaje/${m.id}">${escape(m.subject)}</a></td></tr>`,
      )
      .join('');
    res.end(
      page(
        'Correo de la demostración',
        `<h1>Correo de la demostración de Evalúa</h1><p>Cada correo que envía la demostración llega aquí (recarga para ver los nuevos).</p>
${messages.length === 0 ? '<p>Todavía no hay correos.</p>' : `<table><thead><tr><th>Fecha</th><th>Para</th><th>Asunto</th></tr></thead><tbody>${rows}</tbody></table>`}`,
      ),
    );
  });
  const listenOn = async (
    server: {
      listen: (port: number, host: string, cb: () => void) => unknown;
      once: (e: 'error', cb: (err: Error) => void) => unknown;
    },
    first: number,
    address: () => AddressInfo,
  ) => {
    for (let port = first; port < (first === 0 ? 1 : first + 20); port++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => resolve());
        });
        return address().port;
      } catch {
        // taken: the next one
      }
    }
    throw new Error(`No hay un puerto libre desde ${first}`);
  };
  const smtpBound = await listenOn(smtp, smtpPort, () => smtp.server.address() as AddressInfo);
  const webBound = await listenOn(web, webPort, () => web.address() as AddressInfo);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpBound}`,
    inboxUrl: `http://127.0.0.1:${webBound}/`,
    messages,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}
