import type { V2MyAssignment } from '@evalua/contracts';
import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failedWith } from '../../api/errors';
import { ListState } from '../../app/lists/ListState';
import { SearchInput } from '../../app/lists/SearchInput';
import { messages } from '../../i18n/messages';
import { formItemsQuery } from './api/items';
import { useMyV2Assignments } from './api/mine';
import { AssignmentsTable } from './AssignmentsTable';
import { EvaluationPanel } from './EvaluationPanel';
import { matchesSearch } from './search';
import { OwnPasswordNotice } from '../../app/OwnPasswordNotice';

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
  const listTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (saved === 0) return;
    const timer = window.setTimeout(() => setSaved(0), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  /** 'Evaluar': load the questions first; the form opens only when they are here. */
  const evaluate = async (row: V2MyAssignment) => {
    setOpening(row.assignment_id);
    try {
      await queryClient.fetchQuery(formItemsQuery(row.evaluation_id));
      setSaved(0);
      setSelected(row);
    } catch (err) {
      if (!failedWith(err, 401)) window.alert(t.questionsError);
    } finally {
      setOpening(null);
    }
  };

  const close = () => {
    setSelected(null);
    listTitleRef.current?.focus();
  };

  const rows = list.data ?? [];
  const shown = rows.filter((r) => matchesSearch(r, search));

  return (
    <Stack gap="lg">
      <Title order={1}>Realizar Evaluación (V2)</Title>
      <OwnPasswordNotice />
      {saved > 0 && (
        <Alert color="green" role="status">
          {t.saved}
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
              onEvaluate={(row) => void evaluate(row)}
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
        />
      )}
    </Stack>
  );
}
