import { SLOT } from './layout-source';
import { COMPILED_LAYOUTS } from './layouts.generated';

/**
 * E-mails (decision 033): one MJML layout (layout-source.ts), compiled to HTML ahead of time
 * (layouts.generated.ts), with slots that are filled per message by plain text substitution. Every
 * value is HTML-escaped before it goes in; links are absolute (PUBLIC_URL).
 */
export interface MailContent {
  subject: string;
  /** The first line ('Hola, Ana:'). */
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: readonly string[];
  /** A list (the pending work of a reminder), each entry with an optional absolute link. */
  items?: readonly { text: string; href?: string }[];
  /** The main button: an absolute link. */
  action?: { label: string; href: string };
  /** A closing line under the button (how long the link lasts, what to do if it was not you). */
  footnote?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Only http(s) links go into a message (never javascript: or data:). */
function safeHref(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`enlace no permitido: ${url.protocol}`);
  return url.href;
}

function htmlBody(content: MailContent): string {
  const parts = [`<p>${escapeHtml(content.greeting)}</p>`];
  for (const p of content.paragraphs) parts.push(`<p>${escapeHtml(p)}</p>`);
  if (content.items && content.items.length > 0) {
    const lis = content.items.map((item) =>
      item.href
        ? `<li><a href="${escapeHtml(safeHref(item.href))}" style="color:#1c7ed6">${escapeHtml(item.text)}</a></li>`
        : `<li>${escapeHtml(item.text)}</li>`,
    );
    parts.push(`<ul>${lis.join('')}</ul>`);
  }
  return parts.join('');
}

function textBody(content: MailContent, organization: string): string {
  const lines = [content.greeting, ''];
  for (const p of content.paragraphs) lines.push(p, '');
  if (content.items && content.items.length > 0) {
    for (const item of content.items)
      lines.push(item.href ? `- ${item.text}: ${item.href}` : `- ${item.text}`);
    lines.push('');
  }
  if (content.action) lines.push(`${content.action.label}: ${safeHref(content.action.href)}`, '');
  if (content.footnote) lines.push(content.footnote, '');
  lines.push('—', `Evalúa · ${organization}`);
  return lines.join('\n');
}

/** Fills the layout. */
export function renderMail(content: MailContent, organization: string): RenderedMail {
  const base = content.action ? COMPILED_LAYOUTS.withAction : COMPILED_LAYOUTS.plain;
  const values: Record<string, string> = {
    [SLOT.org]: escapeHtml(organization),
    [SLOT.title]: escapeHtml(content.subject),
    [SLOT.body]: htmlBody(content),
    [SLOT.actionHref]: content.action ? escapeHtml(safeHref(content.action.href)) : '',
    [SLOT.actionLabel]: content.action ? escapeHtml(content.action.label) : '',
    [SLOT.footnote]: content.footnote ? escapeHtml(content.footnote) : '',
  };
  // One pass: a value that happens to contain a slot's name is never filled again.
  const html = base.replace(/%%[A-Z_]+%%/g, (slot) => values[slot] ?? slot);
  return { subject: content.subject, html, text: textBody(content, organization) };
}
