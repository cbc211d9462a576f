import {
  V2_NOMINATION_STATUS_LABELS,
  v2NominationMayChange,
  type V2NominationOverview,
  type V2Participant,
} from '@evalua/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import {
  useAddParticipants,
  useApproveOnBehalf,
  useConfigureNominations,
  useNominationOverview,
  useNominationPeople,
  useRemoveParticipant,
} from './api/nominations';

const STATUS_COLORS = { borrador: 'gray', enviada: 'blue', aprobada: 'teal' } as const;

type Result = { ok: boolean; text: string } | null;

function Settings({
  evaluationId,
  overview,
  closed,
}: {
  evaluationId: number;
  overview: V2NominationOverview;
  closed: boolean;
}) {
  const configure = useConfigureNominations(evaluationId);
  const [enabled, setEnabled] = useState(overview.enabled);
  const [min, setMin] = useState<string | number>(overview.min ?? 3);
  const [max, setMax] = useState<string | number>(overview.max ?? 5);
  const [result, setResult] = useState<Result>(null);
  const save = async () => {
    setResult(null);
    try {
      await configure.mutateAsync(
        enabled ? { enabled, min: Number(min), max: Number(max) } : { enabled: false },
      );
      setResult({ ok: true, text: enabled ? 'Nominaciones habilitadas.' : 'Nominaciones deshabilitadas.' });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, 'No se pudo guardar la configuración.') });
    }
  };
  return (
    <Stack gap="sm">
      <Switch
        label="Los evaluados proponen a sus evaluadores (nominaciones)"
        checked={enabled}
        disabled={closed}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      {enabled && (
        <Group grow align="flex-start">
          <NumberInput
            label="Mínimo de evaluadores"
            min={1}
            max={20}
            value={min}
            onChange={setMin}
            disabled={closed}
          />
          <NumberInput
            label="Máximo de evaluadores"
            min={1}
            max={20}
            value={max}
            onChange={setMax}
            disabled={closed}
          />
        </Group>
      )}
      <Group>
        <Button onClick={() => void save()} loading={configure.isPending} disabled={closed}>
          Guardar configuración
        </Button>
      </Group>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}

function AddParticipant({ evaluationId, taken }: { evaluationId: number; taken: Set<number> }) {
  const add = useAddParticipants(evaluationId);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const people = useNominationPeople(q);
  const [result, setResult] = useState<Result>(null);
  const found = (people.data ?? []).filter((p) => !taken.has(p.id));
  const run = async (body: { user_ids?: number[]; all_with_manager?: boolean }, done: string) => {
    setResult(null);
    try {
      await add.mutateAsync(body);
      setResult({ ok: true, text: done });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, 'No se pudieron agregar participantes.') });
    }
  };
  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="light"
          loading={add.isPending}
          onClick={() => void run({ all_with_manager: true }, 'Se agregaron todos los activos con jefe.')}
        >
          Agregar todos los activos con jefe
        </Button>
      </Group>
      <Select
        label="Agregar participante"
        placeholder="Nombre, departamento o puesto"
        searchable
        data={found.map((p) => ({
          value: String(p.id),
          label: `${p.name}${p.position || p.department ? ` — ${[p.position, p.department].filter(Boolean).join(' · ')}` : ''}`,
        }))}
        filter={({ options }) => options}
        searchValue={search}
        onSearchChange={setSearch}
        value={null}
        onChange={(id) => {
          const person = found.find((p) => String(p.id) === id);
          setSearch('');
          if (person) void run({ user_ids: [person.id] }, `${person.name} participa en las nominaciones.`);
        }}
        nothingFoundMessage={
          search.trim() === ''
            ? 'Escribe un nombre para buscar'
            : people.isFetching
              ? 'Buscando…'
              : 'Sin resultados'
        }
        comboboxProps={{ withinPortal: true }}
      />
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}

function ParticipantRow({
  evaluationId,
  p,
  closed,
}: {
  evaluationId: number;
  p: V2Participant;
  closed: boolean;
}) {
  const approve = useApproveOnBehalf(evaluationId);
  const remove = useRemoveParticipant(evaluationId);
  const [result, setResult] = useState<Result>(null);
  const color = STATUS_COLORS[p.status];
  const act = async (work: () => Promise<string>) => {
    setResult(null);
    try {
      setResult({ ok: true, text: await work() });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, 'No se pudo completar la acción.') });
    }
  };
  return (
    <Paper withBorder p="xs" component="li">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {p.evaluatee.name}
          </Text>
          <Badge variant="light" color={color} c={`${color}.9`} tt="none">
            {V2_NOMINATION_STATUS_LABELS[p.status]}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Reporta a: {p.manager_name ?? '—'} · Propuestos: {p.nominee_count}
        </Text>
        {v2NominationMayChange(p.status) && !closed && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              loading={approve.isPending}
              aria-label={`Aprobar la nominación de ${p.evaluatee.name}`}
              onClick={() =>
                void act(async () => {
                  const { created_count } = await approve.mutateAsync(p.nomination_id);
                  return `Nominación aprobada: se crearon ${created_count} ${created_count === 1 ? 'asignación' : 'asignaciones'}.`;
                })
              }
            >
              Aprobar
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              aria-label={`Quitar a ${p.evaluatee.name} de las nominaciones`}
              onClick={() =>
                void act(async () => {
                  await remove.mutateAsync(p.evaluatee.id);
                  return 'Participante quitado.';
                })
              }
            >
              Quitar
            </Button>
          </Group>
        )}
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * 'Nominaciones' (decision 036): HR enables them with a minimum and a maximum, chooses the
 * participants, follows each one's status and can approve on behalf of the manager.
 */
export function NominationsPanel({ evaluationId, closed }: { evaluationId: number; closed: boolean }) {
  const overview = useNominationOverview(evaluationId);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Nominaciones
        </Title>
        {overview.isPending ? (
          <Loader role="status" aria-label="Cargando nominaciones" />
        ) : overview.isError ? (
          <Alert color="red" role="alert">
            No se pudieron cargar las nominaciones.
          </Alert>
        ) : (
          <>
            <Settings evaluationId={evaluationId} overview={overview.data} closed={closed} />
            {overview.data.enabled && !closed && (
              <AddParticipant
                evaluationId={evaluationId}
                taken={new Set(overview.data.participants.map((p) => p.evaluatee.id))}
              />
            )}
            {overview.data.participants.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin participantes.
              </Text>
            ) : (
              <Stack
                gap="xs"
                component="ul"
                aria-label="Participantes"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {overview.data.participants.map((p) => (
                  <ParticipantRow key={p.nomination_id} evaluationId={evaluationId} p={p} closed={closed} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
