import type { UserListRow } from '@evalua/contracts';

type Candidate = Pick<UserListRow, 'id' | 'name' | 'position' | 'department' | 'status'>;

/** How a possible manager reads in the 'Reporta a' list: name, position and department. */
export function managerOption(u: Candidate): { value: string; label: string } {
  const detail = [u.position, u.department].filter((v) => v && v.trim()).join(' · ');
  return { value: String(u.id), label: `${u.name}${detail ? ` — ${detail}` : ''}` };
}

/** The search's answer as options: active people only, never the person themself. */
export function managerOptions(rows: readonly Candidate[], selfId?: number) {
  return rows.filter((u) => u.status && u.id !== selfId).map(managerOption);
}
