import { MAIL_KIND_LABELS, MAIL_MESSAGES, type OutboxMessage } from '@evalua/contracts';
import { Alert, Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { formatDateTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { OutboxStatusBadges } from './OutboxStatusBadge';

const t = messages.mail;

interface Props {
  message: OutboxMessage | null;
  onClose: () => void;
  onResend: (message: OutboxMessage) => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text component="dt" size="sm" fw={600}>
        {label}:
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One message as it was sent: who, what, when and what became of it; its plain text, and on its own
 * tab the HTML in a frame that runs nothing and reaches nothing (sandbox without any permission: no
 * scripts, no forms, no same origin), loaded from the server as a document with a sandbox CSP of
 * its own (its inline styles allowed, nothing else; decision 033). The frame exists only while that
 * tab is shown.
 */
export function MessageModal({ message: m, onClose, onResend }: Props) {
  return (
    <Modal.Root opened={m !== null} onClose={onClose} centered size="xl">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700} style={{ overflowWrap: 'anywhere' }}>
            {m?.subject ?? ''}
          </Modal.Title>
          <Modal.CloseButton aria-label="Cerrar" />
        </Modal.Header>
        <Modal.Body>
          {m && (
            <Stack gap="md">
              <Stack component="dl" gap={4} m={0}>
                <Field label="Para">{m.to_name ? `${m.to_name} <${m.to_email}>` : m.to_email}</Field>
                <Field label="Tipo">{MAIL_KIND_LABELS[m.kind]}</Field>
                <Field label="Estado">
                  <OutboxStatusBadges status={m.status} possibleDuplicate={m.possible_duplicate} />
                </Field>
                <Field label="Creado">{formatDateTime(m.created_at)}</Field>
                {m.sent_at && <Field label="Enviado">{formatDateTime(m.sent_at)}</Field>}
                <Field label="Intentos">{m.attempts}</Field>
                {m.next_attempt_at && m.status === 'pendiente' && (
                  <Field label="Próximo intento">{formatDateTime(m.next_attempt_at)}</Field>
                )}
                {m.message_id && <Field label="Identificador (Message-ID)">{m.message_id}</Field>}
              </Stack>
              {m.possible_duplicate && (
                <Alert
                  color="yellow"
                  title={MAIL_MESSAGES.possibleDuplicate}
                  // Mantine's yellow title is too light on its background (4.5:1 at least): dark amber.
                  styles={{ title: { color: '#7a4100' } }}
                >
                  <Text size="sm">{MAIL_MESSAGES.possibleDuplicateHelp}</Text>
                </Alert>
              )}
              {m.link_removed && (
                <Alert color="blue" title="Enlace de un solo uso">
                  <Text size="sm">{MAIL_MESSAGES.linkRemovedHelp}</Text>
                </Alert>
              )}
              {m.last_error && (
                <Alert color="red" title="Error del servidor de correo">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.last_error}
                  </Text>
                </Alert>
              )}
              <Tabs defaultValue="text" keepMounted={false}>
                <Tabs.List>
                  <Tabs.Tab value="text">Texto</Tabs.Tab>
                  <Tabs.Tab value="html">Vista HTML</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="text" pt="sm">
                  <Text
                    component="pre"
                    size="sm"
                    m={0}
                    p="sm"
                    bg="gray.0"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
                  >
                    {m.text}
                  </Text>
                </Tabs.Panel>
                <Tabs.Panel value="html" pt="sm">
                  {/* Mounted only while this tab is shown: a frame that runs nothing is no use hidden. */}
                  <iframe
                    sandbox=""
                    src={`/api/outbox/${m.id}/html`}
                    title={t.frameTitle(m.subject)}
                    referrerPolicy="no-referrer"
                    style={{
                      display: 'block',
                      width: '100%',
                      height: 420,
                      border: '1px solid var(--mantine-color-gray-4)',
                      borderRadius: 4,
                      background: 'white',
                    }}
                  />
                </Tabs.Panel>
              </Tabs>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cerrar
                </Button>
                <Button disabled={m.status === 'enviando'} onClick={() => onResend(m)}>
                  Reenviar
                </Button>
              </Group>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
