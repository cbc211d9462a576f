import type { V2MyAssignment } from '@evalua/contracts';
import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failedWith } from '../../api/errors';
import { ListState } from '../../components/lists/ListState';
import { SearchInput } from '../../components/lists/SearchInput';
import { useLinkedItem } from '../../components/useLinkedItem';
import { messages } from '../../i18n/messages';
import { formItemsQuery } from './api/items';
import { useMyV2Assignments } from './api/mine';
import { AssignmentsTable } from './AssignmentsTable';
import { EvaluationPanel } from './EvaluationPanel';
import { ASSIGNMENT_PARAM, assignmentLinkState } from './linked';
import { matchesSearch } from './search';
import { v2AnswerMessages } from '../../i18n/v2-answers-messages';
import { OwnPasswordNotice } from '../../components/OwnPasswordNotice';
import { notify } from '../../components/feedback/notify';

const t = messages.evaluationFormV2;
/** SPEC §9: success messages hide after 3 seconds. */
const SUCCESS_MS = 3000;
const LIST_TITLE_ID = 'v2-assignments-title';

/** Realizar Evaluación (V2): the caller's 360 assignments, and the form of the one being answered. */
export default function EvaluationFormV2Page() {
  const list = useMyV2Assignments();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [opening, setOpening] = useState<number | null>(null);
  const [selected, setSelected] = useState<V2MyAssignment | null>(null);
  const [saved, setSaved] = useState(0);
  const [declined, setDeclined] = useState(0);
  const listTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (saved === 0) return;
    const timer = window.setTimeout(() => setSaved(0), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);
  useEffect(() => {
    if (declined === 0) return;
    const timer = window.setTimeout(() => setDeclined(0), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [declined]);

  // A reminder e-mail's link (?assignment=id) opens that assignment's form when it is one of the
  // caller's pending ones; otherwise the list stays, with a notice.
  const { link, drop: dropLink } = useLinkedItem({
    param: ASSIGNMENT_PARAM,
    rows: list.data,
    idOf: (row) => row.assignment_id,
    stateOf: assignmentLinkState,
  });
  const [linkGone, setLinkGone] = useState(false);
  const [goneSeen, setGoneSeen] = useState<string | null>(null);
  if (link.kind === 'gone' && link.param !== goneSeen) {
    setGoneSeen(link.param);
    setLinkGone(true);
  }
  // Once dropped, the same link followed again is acted on again.
  if (link.kind === 'none' && goneSeen !== null) setGoneSeen(null);

  /** 'Evaluar': load the questions first; the form opens only when they are here. */
  const evaluate = async (row: V2MyAssignment) => {
    setOpening(row.assignment_id);
    setLinkGone(false);
    try {
      await queryClient.fetchQuery(formItemsQuery(row.evaluation_id));
      setSaved(0);
      setDeclined(0);
      setSelected(row);
    } catch (err) {
      dropLink();
      if (!failedWith(err, 401)) notify.error(t.questionsError);
    } finally {
      setOpening(null);
    }
  };

  // The link's form opens as its 'Evaluar' button would open it, once.
  const linkOpened = useRef<string | null>(null);
  useEffect(() => {
    if (link.kind === 'none') linkOpened.current = null;
    if (link.kind === 'gone') dropLink();
    if (link.kind !== 'open' || linkOpened.current === link.param) return;
    linkOpened.current = link.param;
    void evaluate(link.item);
  });

  const close = () => {
    setSelected(null);
    dropLink();
    listTitleRef.current?.focus();
  };

  const rows = list.data ?? [];
  const shown = rows.filter((r) => matchesSearch(r, search));

  return (
    <Stack gap="lg">
      <Title order={1}>Realizar Evaluación (V2)</Title>
      <OwnPasswordNotice />
      {linkGone && (
        <Alert
          color="blue"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setLinkGone(false)}
        >
          {t.linkGone}
        </Alert>
      )}
      {saved > 0 && (
        <Alert color="green" role="status">
          {t.saved}
        </Alert>
      )}
      {declined > 0 && (
        <Alert color="blue" role="status">
          {v2AnswerMessages.declined}
        </Alert>
      )}
      <Title order={2} id={LIST_TITLE_ID} ref={listTitleRef} tabIndex={-1}>
        Tus asignaciones
      </Title>
      <ListState
        query={list}
        isEmpty={list.data?.length === 0}
        loadingLabel="Cargando tus asignaciones"
        errorText={t.loadError}
        emptyText={t.empty}
      />
      {rows.length > 0 && (
        <>
          <Box maw={480}>
            <SearchInput
              label="Buscar"
              placeholder="Nombre del colaborador o de la evaluación"
              value={search}
              onChange={setSearch}
            />
          </Box>
          {shown.length > 0 ? (
            <AssignmentsTable
              rows={shown}
              labelledBy={LIST_TITLE_ID}
              opening={opening}
              onEvaluate={(row) => {
                dropLink();
                void evaluate(row);
              }}
            />
          ) : (
            <Text>{t.noMatches}</Text>
          )}
        </>
      )}
      {selected && (
        <EvaluationPanel
          key={selected.assignment_id}
          assignment={selected}
          onClose={close}
          onSaved={() => {
            close();
            setSaved((n) => n + 1);
          }}
          onDeclined={() => {
            close();
            setDeclined((n) => n + 1);
          }}
        />
      )}
    </Stack>
  );
}
