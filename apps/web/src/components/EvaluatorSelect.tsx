import type { Evaluator } from '@evalua/contracts';
import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router';

/** The address parameter that keeps the chosen evaluator (?evaluador=id), so a reload keeps it. */
const PARAM = 'evaluador';

/** The evaluator chosen in the address, among `evaluators` (undefined when none or unknown). */
export function useChosenEvaluator(evaluators: readonly Evaluator[] | undefined) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(PARAM);
  const selected = evaluators?.find((e) => String(e.id) === selectedId);
  const choose = (value: string | null) => setParams(value ? { [PARAM]: value } : {}, { replace: true });
  return { selected, choose };
}

/** The searchable evaluator picker of Asignaciones and of an admin evaluating on someone's behalf. */
export function EvaluatorSelect({
  evaluators,
  selected,
  onChange,
}: {
  evaluators: readonly Evaluator[];
  selected: Evaluator | undefined;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label="Evaluador"
      placeholder="Elige o escribe el nombre de un evaluador"
      searchable
      nothingFoundMessage="Sin resultados"
      maw={480}
      data={evaluators.map((e) => ({ value: String(e.id), label: e.name }))}
      value={selected ? String(selected.id) : null}
      onChange={onChange}
      allowDeselect={false}
    />
  );
}
