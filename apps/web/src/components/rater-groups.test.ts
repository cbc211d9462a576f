import { describe, expect, it } from 'vitest';
import { relationResult } from '../test-support/v2-relations';
import { anonymousGroup, countedNote, othersWithheld } from './rater-groups';

const group = relationResult;

describe('anonymousGroup', () => {
  it('applies the threshold to peers, reports, the merged group and several managers only', () => {
    expect(anonymousGroup(group('self', 1, 1))).toBe(false);
    expect(anonymousGroup(group('manager', 1, 1))).toBe(false);
    // Two managers asked and one answered: anonymous, as the server decides (it used to read 'attributed').
    expect(anonymousGroup(group('manager', 1, 2))).toBe(true);
    expect(anonymousGroup(group('manager', 2, 2))).toBe(true);
    expect(anonymousGroup(group('peer', 1, 3))).toBe(true);
    expect(anonymousGroup(group('report', 0, 3))).toBe(true);
    expect(anonymousGroup(group('peer_report', 2, 5))).toBe(true);
  });

  it("follows the server's flag when it gives one: a declined second manager keeps the group anonymous", () => {
    expect(anonymousGroup(group('manager', 1, 1, { anonymous: true }))).toBe(true);
    expect(countedNote(group('manager', 1, 1, { anonymous: true, raters_counted: 0 }))).toBe(
      '0 de 1 cuentan para el anonimato',
    );
    expect(anonymousGroup(group('peer', 1, 3, { anonymous: true }))).toBe(true);
  });
});

describe('countedNote', () => {
  it('says how many answers count when some of an anonymous group do not', () => {
    expect(countedNote(group('peer', 3, 3, { raters_counted: 1 }))).toBe('1 de 3 cuenta para el anonimato');
    expect(countedNote(group('report', 2, 4, { raters_counted: 0 }))).toBe(
      '0 de 2 cuentan para el anonimato',
    );
    expect(countedNote(group('manager', 3, 3, { raters_counted: 2 }))).toBe(
      '2 de 3 cuentan para el anonimato',
    );
  });

  it('says nothing when every answer counts, the count is unknown, or the group is attributed', () => {
    expect(countedNote(group('peer', 3, 3))).toBeNull();
    expect(countedNote(group('peer', 3, 3, { raters_counted: undefined }))).toBeNull();
    expect(countedNote(group('self', 1, 1, { raters_counted: 0 }))).toBeNull();
    expect(countedNote(group('manager', 1, 1, { raters_counted: 0 }))).toBeNull();
  });
});

describe('othersWithheld', () => {
  const others = {
    raters: 2,
    competencies_percentage: 50,
    objectives_percentage: null,
    overall_percentage: 50,
  };

  it('is true when someone other than self answered and "others" was not given', () => {
    expect(othersWithheld({ others: null, relations: [group('self', 1, 1), group('peer', 1, 3)] })).toBe(
      true,
    );
    expect(othersWithheld({ others: null, relations: [group('manager', 1, 1)] })).toBe(true);
  });

  it('is false when "others" was given, or only self (or nobody) answered', () => {
    expect(othersWithheld({ others, relations: [group('peer', 2, 3)] })).toBe(false);
    expect(othersWithheld({ others: null, relations: [group('self', 1, 1), group('peer', 0, 3)] })).toBe(
      false,
    );
    // The merged group only repeats peers and reports: it does not count on its own.
    expect(othersWithheld({ others: null, relations: [group('peer_report', 2, 3)] })).toBe(false);
  });
});
