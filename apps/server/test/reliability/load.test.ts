import { describe, expect, it } from 'vitest';
import { formatReport, runLoad } from '../../../../bench/load';
import { testEngines } from '../engines';

/**
 * The load benchmark in short (5 s at 20 connections): mixed reads and writes against the real app
 * process. No timing is asserted — only that no request failed and that the acknowledged writes are
 * exactly the rows in the database. `npm run bench:load` runs the full 60 s at 200 connections.
 */
describe.each(testEngines())('short load run [%s]', (engine) => {
  it('answers every request with a 2xx and stores exactly the acknowledged writes', async () => {
    const report = await runLoad({
      duration: 5,
      connections: 20,
      db: engine,
      pgUrl: process.env.TEST_DATABASE_URL,
    });
    const summary = formatReport(report);
    expect(report.errors, summary).toBe(0);
    expect(report.writes.unanswered, summary).toBe(0);
    expect(report.writes.v1.acknowledged, summary).toBeGreaterThan(0);
    expect(report.writes.v2.acknowledged, summary).toBeGreaterThan(0);
    expect(report.writes.v1.rows, summary).toBe(report.writes.v1.acknowledged);
    expect(report.writes.v2.rows, summary).toBe(report.writes.v2.acknowledged);
    expect(report.writes.v1.same && report.writes.v2.same, summary).toBe(true);
    expect(report.writes.v1.answersComplete && report.writes.v2.answersComplete, summary).toBe(true);
    expect(report.ok, summary).toBe(true);
  });
});
