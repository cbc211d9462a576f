import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { Gate, argon2Stats, hashPassword, verifyPassword } from './passwords';

/** A task that ends when told to. */
function held() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the argon2 gate (decision 021)', () => {
  it('runs at most maxRunning tasks at once, the others in arrival order', async () => {
    const gate = new Gate(2, 10);
    const tasks = Array.from({ length: 5 }, () => held());
    const started: number[] = [];
    const runs = tasks.map((task, i) =>
      gate.run(async () => {
        started.push(i);
        await task.done;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 3 });
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // A failing task frees its place too.
    tasks[0]!.fail(new Error('falló'));
    await expect(runs[0]).rejects.toThrow('falló');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const task of tasks) task.finish();
    expect(await Promise.all(runs.slice(1))).toEqual([1, 2, 3, 4]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, peakRunning: 2, refused: 0 });
  });

  it('refuses at once with a 503 when too many are waiting', async () => {
    const gate = new Gate(1, 2);
    const task = held();
    const runs = Array.from({ length: 3 }, () => gate.run(() => task.done));
    const refused = await gate.run(() => task.done).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
    });
    task.finish();
    await Promise.all(runs);
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, refused: 1 });
  });

  it('hashes and verifies through the process gate, and counts both', async () => {
    const before = argon2Stats();
    const hash = await hashPassword('Clave-De-Prueba-1');
    expect(await verifyPassword(hash, 'Clave-De-Prueba-1')).toBe(true);
    expect(await verifyPassword(hash, 'otra')).toBe(false);
    expect(await verifyPassword(null, 'cualquiera')).toBe(false);
    expect(await verifyPassword('no-es-un-hash', 'x')).toBe(false);
    const after = argon2Stats();
    expect(after.hashes - before.hashes).toBe(1);
    expect(after.verifications - before.verifications).toBe(4);
    expect(after.running).toBe(0);
  });
});
