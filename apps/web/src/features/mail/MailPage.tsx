import { MAIL_KIND_LABELS, MAIL_MESSAGES, type OutboxMessage } from '@evalua/contracts';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { OUTBOX_PAGE_SIZE } from '../../api/queries/outbox';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { EmailText } from '../../components/lists/EmailText';
import { ListState } from '../../components/lists/ListState';
import { Pager } from '../../components/lists/Pager';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { SearchInput } from '../../components/lists/SearchInput';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { notify } from '../../components/feedback/notify';
import { useScreenTitle } from '../../components/screen-title';
import { formatDateTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { useOutboxPage, useResendMessage } from './api/outbox';
import { outboxQuery, STATUS_OPTIONS } from './filters';
import { MessageModal } from './MessageModal';
import { OutboxStatusBadges } from './OutboxStatusBadge';

const t = messages.mail;

function Recipient({ m }: { m: OutboxMessage }) {
  return (
    <Stack gap={0}>
      {m.to_name && <span>{m.to_name}</span>}
      <Text span size="sm" c={m.to_name ? 'dimmed' : undefined}>
        <EmailText email={m.to_email} />
      </Text>
    </Stack>
  );
}

/**
 * Correos (admin and gestionhumana, decision 033): every message the app wrote to its outbox, newest
 * first, searched and filtered on the server; each opens to its content, and any can be sent again.
 * Without an SMTP server nothing leaves: the screen says so, and this is where an access link is read.
 */
export default function MailPage() {
  const title = useScreenTitle();
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const [status, setStatus] = useState<string | null>(null);
  const list = useOutboxPage(outboxQuery(status, q, page, OUTBOX_PAGE_SIZE));
  const resend = useResendMessage();
  const { error, clear, run } = useActionError();
  const [viewing, setViewing] = useState<OutboxMessage | null>(null);

  const confirm = useConfirm<OutboxMessage>((m) =>
    run(async () => {
      await resend.mutateAsync(m.id);
      notify.success(t.resent(m.to_email));
    }, t.resendError),
  );
  const askResend = (m: OutboxMessage) => {
    clear();
    setViewing(null);
    confirm.ask(m);
  };

  const data = list.data;
  const filtered = q !== '' || status !== null;

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {data && !data.smtp_configured && (
        <Alert color="blue" title="Sin servidor de correo">
          {MAIL_MESSAGES.notConfigured}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" maw={760}>
        <SearchInput
          label="Buscar correo"
          placeholder="Destinatario o asunto"
          value={paging.search}
          onChange={paging.setSearch}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          clearButtonProps={{ 'aria-label': 'Quitar el filtro de estado' }}
        />
      </SimpleGrid>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <ListState
        query={list}
        isEmpty={data?.total === 0}
        loadingLabel="Cargando correos"
        errorText={t.loadError}
        emptyText={filtered ? t.noMatches : t.empty}
      />
      {data && data.rows.length > 0 && (
        <Stack gap="sm" aria-busy={list.isFetching}>
          <ResponsiveTable
            label="Correos"
            headingLevel={2}
            rows={data.rows}
            rowKey={(m) => m.id}
            cardsBelow={900}
            columns={[
              { header: 'Destinatario', cell: (m) => <Recipient m={m} /> },
              { header: 'Asunto', title: true, cell: (m) => m.subject },
              { header: 'Tipo', cell: (m) => MAIL_KIND_LABELS[m.kind] },
              {
                header: 'Estado',
                cell: (m) => (
                  <OutboxStatusBadges status={m.status} possibleDuplicate={m.possible_duplicate} />
                ),
              },
              {
                header: 'Fecha',
                cell: (m) => <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>,
              },
              {
                header: 'Error',
                cell: (m) =>
                  m.last_error ? (
                    <Text span size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                      {m.last_error}
                    </Text>
                  ) : (
                    '—'
                  ),
              },
              {
                header: 'Acciones',
                actions: true,
                cell: (m) => (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setViewing(m)}
                      aria-label={`Ver el correo «${m.subject}» a ${m.to_email}`}
                    >
                      Ver
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={m.status === 'enviando'}
                      loading={resend.isPending && resend.variables === m.id}
                      onClick={() => askResend(m)}
                      aria-label={`Reenviar el correo «${m.subject}» a ${m.to_email}`}
                    >
                      Reenviar
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
          <Pager
            label="Páginas de correos"
            page={page}
            pageSize={OUTBOX_PAGE_SIZE}
            total={data.total}
            onChange={setPage}
          />
        </Stack>
      )}
      <MessageModal message={viewing} onClose={() => setViewing(null)} onResend={askResend} />
      <ConfirmDialog
        {...confirm.dialog}
        title="Reenviar correo"
        message={confirm.target ? t.confirmResend(confirm.target.subject, confirm.target.to_email) : ''}
        confirmLabel="Reenviar"
        tone="primary"
        loading={resend.isPending}
      />
    </Stack>
  );
}
