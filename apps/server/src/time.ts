/** Current time as the ISO string the database stores. */
export function nowIso(now: number = Date.now()): string {
  return new Date(now).toISOString();
}

export function minutesAgoIso(minutes: number, now: number = Date.now()): string {
  return new Date(now - minutes * 60_000).toISOString();
}
