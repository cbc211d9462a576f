// @vitest-environment jsdom
import { ERROR_CODES, MAIL_MESSAGES, outboxEndpoints, type OutboxMessage } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import MailPage from './MailPage';

const t = messages.mail;

function message(extra: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: 1,
    kind: 'reminder',
    to_email: 'luis@example.com',
    to_name: 'Luis Gómez',
    user_id: 20,
    subject: 'Tienes evaluaciones pendientes',
    status: 'enviado',
    attempts: 1,
    last_error: null,
    created_at: '2025-03-01T12:00:00.000Z',
    sent_at: '2025-03-01T12:00:05.000Z',
    next_attempt_at: null,
    message_id: '<abc@evalua>',
    possible_duplicate: false,
    link_removed: false,
    text: 'Hola Luis, tienes evaluaciones pendientes.',
    ...extra,
  };
}

const sent = message();
const sending = message({
  id: 2,
  subject: 'Enlace de acceso',
  kind: 'access-link',
  status: 'enviando',
  to_email: 'eva@example.com',
  to_name: null,
});

/** The outbox as the server filters it; a resend puts the message back in the queue. */
function mailApi(rows: OutboxMessage[] = [sent, sending], smtp = true) {
  return new FakeApi()
    .on(outboxEndpoints.list, ({ query }) => {
      const q = String(query?.q ?? '').toLowerCase();
      const found = rows.filter(
        (m) =>
          (!query?.status || m.status === query.status) &&
          `${m.to_email} ${m.subject}`.toLowerCase().includes(q),
      );
      return { rows: found, total: found.length, page: 1, pageSize: 20, smtp_configured: smtp };
    })
    .on(outboxEndpoints.resend, ({ params }) => ({
      ...rows.find((m) => m.id === Number(params.id))!,
      status: 'pendiente' as const,
    }));
}

const resendButton = (m: OutboxMessage) =>
  screen.getByRole('button', { name: `Reenviar el correo «${m.subject}» a ${m.to_email}` });

describe('Correos: the list', () => {
  it('says nothing leaves without a mail server', async () => {
    renderScreen(<MailPage />, { api: mailApi([sent], false) });
    expect(await screen.findByText(MAIL_MESSAGES.notConfigured)).toBeTruthy();
  });

  it('says nothing of it when a mail server is configured', async () => {
    renderScreen(<MailPage />, { api: mailApi([sent], true) });
    await findRow('Tienes evaluaciones pendientes');
    expect(screen.queryByText(MAIL_MESSAGES.notConfigured)).toBeNull();
  });

  it('does not offer to resend a message being sent right now', async () => {
    renderScreen(<MailPage />, { api: mailApi() });
    await findRow('Enlace de acceso');
    expect(resendButton(sending).hasAttribute('disabled')).toBe(true);
    expect(resendButton(sent).hasAttribute('disabled')).toBe(false);
  });

  it('filters by status on the server, and says when nothing matches', async () => {
    const api = mailApi();
    const { user } = renderScreen(<MailPage />, { api });
    await findRow('Tienes evaluaciones pendientes');
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Fallido' }));
    expect(await screen.findByText(t.noMatches)).toBeTruthy();
    expect(api.calls(outboxEndpoints.list).at(-1)).toEqual({
      query: { page: 1, pageSize: 20, status: 'fallido' },
    });
  });

  it('says no mail was sent yet', async () => {
    renderScreen(<MailPage />, { api: mailApi([]) });
    expect(await screen.findByText(t.empty)).toBeTruthy();
  });
});

describe('Correos: one message', () => {
  it('shows its content, and what a possible duplicate and a removed link mean', async () => {
    const api = mailApi([message({ possible_duplicate: true, link_removed: true })]);
    const { user } = renderScreen(<MailPage />, { api });
    await user.click(
      await screen.findByRole('button', {
        name: 'Ver el correo «Tienes evaluaciones pendientes» a luis@example.com',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Tienes evaluaciones pendientes' });
    expect(within(dialog).getByText('Luis Gómez <luis@example.com>')).toBeTruthy();
    expect(within(dialog).getByText('Hola Luis, tienes evaluaciones pendientes.')).toBeTruthy();
    expect(within(dialog).getByText(MAIL_MESSAGES.possibleDuplicateHelp)).toBeTruthy();
    expect(within(dialog).getByText(MAIL_MESSAGES.linkRemovedHelp)).toBeTruthy();
  });

  it('resends from the message only after asking, and closes the message first', async () => {
    const api = mailApi();
    const { user } = renderScreen(<MailPage />, { api });
    await user.click(
      await screen.findByRole('button', {
        name: 'Ver el correo «Tienes evaluaciones pendientes» a luis@example.com',
      }),
    );
    const view = screen.getByRole('dialog', { name: 'Tienes evaluaciones pendientes' });
    await user.click(within(view).getByRole('button', { name: 'Reenviar' }));
    const confirm = screen.getByRole('dialog', { name: 'Reenviar correo' });
    expect(screen.queryByRole('dialog', { name: 'Tienes evaluaciones pendientes' })).toBeNull();
    expect(
      within(confirm).getByText(t.confirmResend('Tienes evaluaciones pendientes', 'luis@example.com')),
    ).toBeTruthy();
    expect(api.calls(outboxEndpoints.resend)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText(t.resent('luis@example.com'))).toBeTruthy();
    expect(api.calls(outboxEndpoints.resend)).toEqual([{ params: { id: 1 } }]);
  });
});

describe('Correos: resending', () => {
  it('sends nothing when cancelled', async () => {
    const api = mailApi();
    const { user } = renderScreen(<MailPage />, { api });
    await findRow('Tienes evaluaciones pendientes');
    await user.click(resendButton(sent));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reenviar correo' })).getByRole('button', {
        name: 'Cancelar',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(outboxEndpoints.resend)).toEqual([]);
  });

  it('shows the server’s refusal of a message whose link is gone', async () => {
    const api = mailApi().on(outboxEndpoints.resend, () => {
      throw serverError(409, ERROR_CODES.mailLinkGone, MAIL_MESSAGES.linkGone);
    });
    const { user } = renderScreen(<MailPage />, { api });
    await findRow('Tienes evaluaciones pendientes');
    await user.click(resendButton(sent));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reenviar correo' })).getByRole('button', {
        name: 'Reenviar',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MAIL_MESSAGES.linkGone);
    expect(screen.queryByText(t.resent('luis@example.com'))).toBeNull();
  });

  it('is denied to an evaluator', async () => {
    const api = mailApi();
    renderRoute('/correos', { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
