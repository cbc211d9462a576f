import type { RunningServer } from './server';

const DEMO_PASSWORD_LINE = /contraseña para todos: (\S+)\)/;

export type DemoRole = 'admin' | 'gestionhumana' | 'evaluador' | 'colaborador';

export interface DemoLogins {
  password: string;
  byRole: Record<DemoRole, { email: string; name: string }>;
}

/** Reads the logins `npm run demo` prints (one per role), as a person would. */
function demoLogins(server: RunningServer): DemoLogins {
  const text = server.output.join('');
  const password = DEMO_PASSWORD_LINE.exec(text)?.[1];
  if (!password) throw new Error(`la demo no imprimió la contraseña:\n${text}`);
  const byRole = {} as DemoLogins['byRole'];
  for (const m of text.matchAll(
    /^\s+(admin|gestionhumana|evaluador|colaborador)\s+(\S+@\S+)\s+\((.+)\)$/gm,
  )) {
    byRole[m[1] as DemoRole] = { email: m[2]!, name: m[3]! };
  }
  return { password, byRole };
}

/** Waits until the demo has printed its logins (they come right after the server's address). */
export async function waitForDemoLogins(server: RunningServer): Promise<DemoLogins> {
  for (let i = 0; i < 100; i += 1) {
    if (/colaborador\s+\S+@/.test(server.output.join(''))) return demoLogins(server);
    await new Promise((r) => setTimeout(r, 50));
  }
  return demoLogins(server);
}
