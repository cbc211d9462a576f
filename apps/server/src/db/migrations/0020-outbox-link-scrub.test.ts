import { MAIL_MESSAGES } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { describeEngines } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { testMigrator } from '../../../test/migrator';
import { sha256 } from '../../auth/tokens';
import { endDeadLinks } from '../../modules/mail';

describeEngines('migration 0020: single-use links leave the outbox', (t) => {
  it('removes the links of messages already sent; the others keep theirs while their token lives', async () => {
    const migrator = await testMigrator(t());
    const down = await migrator.migrateTo('0019-manual-reminder-cooldown');
    expect(down.error).toBeUndefined();

    const person = await createUser(t(), { password: null });
    const now = new Date().toISOString();
    const link = (token: string) => `http://127.0.0.1:3000/activar?token=${token}`;
    const message = (token: string, status: 'enviado' | 'pendiente') => ({
      kind: 'access-link' as const,
      user_id: person.id,
      to_email: person.email,
      to_name: person.name,
      subject: 'Tu acceso a Evalúa',
      html: `<p>Hola</p><a href="${link(token)}">Elegir mi contraseña</a>`,
      text: `Hola\n\nElegir mi contraseña: ${link(token)}\n`,
      link: link(token),
      status,
      next_attempt_at: now,
      created_at: now,
      ...(status === 'enviado' ? { sent_at: now } : {}),
    });
    const sentToken = 'A'.repeat(43);
    const liveToken = 'B'.repeat(43);
    const deadToken = 'C'.repeat(43);
    await t()
      .db.insertInto('user_tokens')
      .values(
        [sentToken, liveToken].map((token, i) => ({
          user_id: person.id,
          purpose: i === 0 ? ('reset' as const) : ('access' as const),
          token_hash: sha256(token),
          expires_at: '2999-01-01T00:00:00.000Z',
          created_at: now,
        })),
      )
      .execute();
    const ids = await t()
      .db.insertInto('outbox')
      .values([
        message(sentToken, 'enviado'),
        message(liveToken, 'pendiente'),
        message(deadToken, 'pendiente'),
      ])
      .returning('id')
      .execute();
    const [sentId, liveId, deadId] = ids.map((r) => r.id) as [number, number, number];

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = async () => {
      const all = await t()
        .db.selectFrom('outbox')
        .selectAll()
        .where('id', 'in', [sentId, liveId, deadId])
        .execute();
      return (id: number) => all.find((r) => r.id === id)!;
    };
    let row = await rows();
    expect(row(sentId)).toMatchObject({ status: 'enviado', link: null, token_hash: null });
    expect(row(sentId).link_removed_at).not.toBeNull();
    expect(row(sentId).text).toBe(`Hola\n\nElegir mi contraseña: ${MAIL_MESSAGES.linkSent}\n`);
    expect(row(sentId).html).toBe(`<p>Hola</p><a href="${MAIL_MESSAGES.linkSent}">Elegir mi contraseña</a>`);
    expect(row(liveId)).toMatchObject({
      link: link(liveToken),
      token_hash: sha256(liveToken),
      link_removed_at: null,
    });
    expect(row(deadId)).toMatchObject({ link: link(deadToken), token_hash: sha256(deadToken) });

    // The app's first pass (at its start): the link whose token is gone leaves; the live one stays.
    expect(await endDeadLinks(t().db)).toBe(1);
    row = await rows();
    expect(row(deadId)).toMatchObject({
      status: 'fallido',
      link: null,
      last_error: MAIL_MESSAGES.linkEndedNotSent,
    });
    expect(row(deadId).text).not.toContain(deadToken);
    expect(row(liveId)).toMatchObject({ status: 'pendiente', link: link(liveToken) });
    const everything = JSON.stringify(await t().db.selectFrom('outbox').selectAll().execute());
    expect(everything).not.toContain(sentToken);
    expect(everything).not.toContain(deadToken);
  });
});
