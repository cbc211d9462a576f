import { createHash } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A single-use link lives in the outbox only while it can still be sent (issue 27, decision 043):
 *
 * - `outbox.token_hash`: SHA-256 (base64url) of the token the message's link carries, as `user_tokens` has it.
 *   While that token is live the link is kept (it is still to be sent); once it is used, voided or
 *   expired, the link is taken out of the row.
 * - `outbox.link_removed_at`: when the link was taken out of `link`, `text` and `html` (at the
 *   sending, or when its token ended). Such a message is never sent again with a dead link.
 * - An index of the rows that still hold a link: the few messages not sent yet.
 *
 * Existing data: every message already sent loses its link now ('[enlace enviado]' in its place);
 * messages not sent yet get the hash of the token their link carries, and the app removes the
 * links whose token is no longer live at its start.
 */

/** The placeholder of a sent link (MAIL_MESSAGES.linkSent; copied: a migration never changes). */
const LINK_SENT = '[enlace enviado]';

/** `column` with the row's link, as written and HTML-escaped, replaced by `placeholder`. */
function withoutLink(column: 'text' | 'html', placeholder: string) {
  const escaped = sql`replace(replace(replace(replace(replace(link, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
  return sql`replace(replace(${sql.ref(column)}, link, ${placeholder}), ${escaped}, ${placeholder})`;
}

function tokenHashOf(link: string): string | null {
  let token: string | null;
  try {
    token = new URL(link).searchParams.get('token');
  } catch {
    return null;
  }
  return token ? createHash('sha256').update(token).digest('base64url') : null;
}

export function outboxLinkScrub(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('token_hash', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('link_removed_at', 'text').execute();
      await db.schema
        .createIndex('outbox_live_link_idx')
        .on('outbox')
        .column('token_hash')
        .where(sql.ref('link'), 'is not', null)
        .execute();

      const now = new Date().toISOString();
      await sql`update outbox set
          text = ${withoutLink('text', LINK_SENT)},
          html = ${withoutLink('html', LINK_SENT)},
          link = null,
          link_removed_at = ${now}
        where link is not null and status = 'enviado'`.execute(db);

      const unsent = await sql<{ id: number; link: string }>`select id, link from outbox
        where link is not null`.execute(db);
      for (const row of unsent.rows) {
        await sql`update outbox set token_hash = ${tokenHashOf(row.link)} where id = ${row.id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('outbox_live_link_idx').execute();
      await db.schema.alterTable('outbox').dropColumn('link_removed_at').execute();
      await db.schema.alterTable('outbox').dropColumn('token_hash').execute();
    },
  };
}
