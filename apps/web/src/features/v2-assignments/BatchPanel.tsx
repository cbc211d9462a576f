import { RELATION_LABELS, RELATIONS, type Relation, type V2BatchEntry } from '@evalua/contracts';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useConfirm } from '../../components/feedback/useConfirm';
import { messages } from '../../i18n/messages';
import { useBulkAssign } from './api/assignments';
import { useBatchLookup } from './api/users';
import {
  batchIds,
  checkPair,
  checkSelf,
  flaggedCount,
  insertedNotice,
  lookupIndex,
  multipleManagersRefusal,
  removeEntry,
  type BatchCheck,
} from './batch';
import { BatchTable } from './BatchTable';
import { errorText } from '../../api/errors';
import { IdField } from './IdField';

const t = messages.v2Assignments;
const RELATION_OPTIONS = RELATIONS.map((r) => ({ value: r, label: RELATION_LABELS[r] }));

/** A small form's submit (Enter or its button) runs the action instead of loading a page. */
const submitWith = (action: () => void) => (event: FormEvent) => {
  event.preventDefault();
  action();
};

interface Props {
  evaluationId: number;
  /** From the evaluation (undefined while it loads): self entries are refused early when false. */
  allowSelf: boolean | undefined;
  /** A closed evaluation takes no more assignments. */
  closed: boolean;
}

/** The batch the server would only take with HR's confirmation, and its sentence saying why. */
interface ManagersQuestion {
  entries: readonly V2BatchEntry[];
  message: string;
}

/** 'Agregar asignaciones (lote)': entries collect in a local batch, saved in one call. */
export function BatchPanel({ evaluationId, allowSelf, closed }: Props) {
  const [evaluatorId, setEvaluatorId] = useState('');
  const [evaluateeId, setEvaluateeId] = useState('');
  const [relation, setRelation] = useState<Relation | null>('peer');
  const [selfId, setSelfId] = useState('');
  const [batch, setBatch] = useState<V2BatchEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<ReturnType<typeof insertedNotice> | null>(null);
  const bulk = useBulkAssign(evaluationId);
  // Who the batch's ids are: one call for the whole batch (decision 035).
  const ids = useMemo(() => batchIds(batch), [batch]);
  const lookup = useBatchLookup(ids);
  const index = useMemo(() => lookupIndex(lookup.data), [lookup.data]);
  const flagged = flaggedCount(batch, index);

  const report = (message: string | null, ok: ReturnType<typeof insertedNotice> | null = null) => {
    setError(message);
    setSuccess(ok);
  };
  const remove = (position: number) => {
    report(null);
    setBatch((b) => removeEntry(b, position));
  };
  const add = (checked: BatchCheck): boolean => {
    if (!checked.ok) {
      report(checked.message);
      return false;
    }
    report(null);
    setBatch((b) => [...b, checked.entry]);
    return true;
  };
  const addPair = () => {
    // The evaluatee and relation stay, to add the next rater of the same person.
    if (add(checkPair(evaluatorId, evaluateeId, relation, allowSelf, batch))) setEvaluatorId('');
  };
  const addSelf = () => {
    if (add(checkSelf(selfId, allowSelf, batch))) setSelfId('');
  };
  // What was prepared is lost: asked first (an empty batch has nothing to clear).
  const clearing = useConfirm<readonly V2BatchEntry[]>(async () => {
    setBatch([]);
    report(null);
  });
  /**
   * Sends entries; on success they leave the batch. Answers the server's sentence when it asks for
   * HR's confirmation of a second manager (decision 023); any other failure is reported here.
   */
  const send = async (
    entries: readonly V2BatchEntry[],
    allowMultipleManagers: boolean,
  ): Promise<string | null> => {
    report(null);
    try {
      const result = await bulk.mutateAsync({ assignments: entries, allowMultipleManagers });
      const n = typeof result?.inserted_count === 'number' ? result.inserted_count : entries.length;
      // Only what was sent leaves the batch (anything added meanwhile stays).
      setBatch((b) => b.filter((e) => !entries.includes(e)));
      report(null, insertedNotice(n));
      return null;
    } catch (err) {
      const question = allowMultipleManagers ? null : multipleManagersRefusal(err);
      if (!question) report(errorText(err, t.createError, 'client'));
      return question;
    }
  };
  // Asked with the server's sentence: Cancelar keeps the batch as it is, confirming sends the same
  // batch again with the permission.
  const managers = useConfirm<ManagersQuestion>(({ entries }) => send(entries, true));
  const save = async () => {
    if (batch.length === 0) return report(t.batchEmpty);
    // Unknown or inactive ids are fixed first (the sentence under the table says so): the server
    // would refuse the whole batch.
    if (flagged > 0) return;
    const entries = batch;
    const question = await send(entries, false);
    if (question) managers.ask({ entries, message: question });
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Agregar asignaciones (lote)
        </Title>
        {error && <ErrorBanner onClose={() => setError(null)}>{error}</ErrorBanner>}
        {success && (
          <Alert
            // Nothing added is not a success: a neutral notice then (decision 035).
            color={success.tone === 'success' ? 'green' : 'yellow'}
            role="status"
            withCloseButton
            closeButtonLabel="Cerrar aviso"
            onClose={() => setSuccess(null)}
          >
            {success.message}
          </Alert>
        )}
        <form onSubmit={submitWith(addPair)} noValidate>
          <Stack>
            <IdField
              label="Evaluator ID"
              searchLabel="Buscar evaluador"
              value={evaluatorId}
              onChange={setEvaluatorId}
            />
            <IdField
              label="Evaluatee ID"
              searchLabel="Buscar evaluado"
              value={evaluateeId}
              onChange={setEvaluateeId}
            />
            <Select
              label="Relación"
              data={RELATION_OPTIONS}
              value={relation}
              onChange={(v) => setRelation(RELATIONS.find((r) => r === v) ?? null)}
            />
            <Group>
              <Button type="submit" variant="light">
                Agregar al lote
              </Button>
            </Group>
          </Stack>
        </form>
        <form onSubmit={submitWith(addSelf)} noValidate>
          <Stack>
            <IdField
              label="User ID (self)"
              searchLabel="Buscar persona (autoevaluación)"
              value={selfId}
              onChange={setSelfId}
            />
            {allowSelf === false && <Text size="sm">{t.selfNotAllowed}</Text>}
            <Group>
              <Button type="submit" variant="light">
                Agregar autoeval.
              </Button>
            </Group>
          </Stack>
        </form>
        <BatchTable batch={batch} lookup={index} onRemove={remove} disabled={bulk.isPending} />
        {lookup.isError && batch.length > 0 && <Text size="sm">{t.lookupError}</Text>}
        {flagged > 0 && (
          <Alert color="red" variant="outline" role="status">
            {t.batchFlagged(flagged)}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            onClick={() => clearing.ask(batch)}
            disabled={bulk.isPending || batch.length === 0}
          >
            Limpiar lote
          </Button>
          <Button onClick={() => void save()} loading={bulk.isPending} disabled={closed || flagged > 0}>
            Guardar lote
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        {...managers.dialog}
        title={t.multipleManagersTitle}
        message={managers.target?.message ?? ''}
        confirmLabel={t.multipleManagersConfirm}
        tone="primary"
      />
      <ConfirmDialog
        {...clearing.dialog}
        title="Limpiar lote"
        message={clearing.target ? t.confirmClear(clearing.target.length) : ''}
        confirmLabel="Limpiar"
      />
    </Paper>
  );
}
