import { describe, expect, it } from 'vitest';
import {
  isAnonymousGroup,
  isAnonymousResultGroup,
  v2AnswerScore,
  v2FiguresFromSums,
  v2GroupFigures,
  v2Overall,
  v2RaterFigures,
  v2SectionPercentage,
  v2SectionSums,
  v2StableVisibility,
  v2Visibility,
  type V2ScoredAnswer,
} from './index';

const W = { weight_competencies: 60, weight_objectives: 40 };

describe('360 answer scores (0-1)', () => {
  it('scores a rating on its own scale', () => {
    const five = { type: 'rating' as const, scale_min: 1, scale_max: 5 };
    expect(v2AnswerScore(five, { value: 1, skip: false })).toBe(0);
    expect(v2AnswerScore(five, { value: 4, skip: false })).toBe(0.75);
    expect(v2AnswerScore(five, { value: 5, skip: false })).toBe(1);
    const four = { type: 'rating' as const, scale_min: 1, scale_max: 4 };
    expect(v2AnswerScore(four, { value: 3, skip: false })).toBeCloseTo(2 / 3, 12);
    const zeroToTen = { type: 'rating' as const, scale_min: 0, scale_max: 10 };
    expect(v2AnswerScore(zeroToTen, { value: 7, skip: false })).toBeCloseTo(0.7, 12);
  });

  it('scores yes/no 1/0 and status_3 1, 0.5, 0', () => {
    const yn = { type: 'yes_no' as const, scale_min: 1, scale_max: 5 };
    expect(v2AnswerScore(yn, { value: true, skip: false })).toBe(1);
    expect(v2AnswerScore(yn, { value: false, skip: false })).toBe(0);
    const s3 = { type: 'status_3' as const, scale_min: 1, scale_max: 5 };
    expect(v2AnswerScore(s3, { value: 'logrado', skip: false })).toBe(1);
    expect(v2AnswerScore(s3, { value: 'proceso', skip: false })).toBe(0.5);
    expect(v2AnswerScore(s3, { value: 'no_logrado', skip: false })).toBe(0);
  });

  it('gives text and N/A answers no score', () => {
    expect(v2AnswerScore({ type: 'text', scale_min: 1, scale_max: 5 }, { value: 'Bien', skip: false })).toBe(
      null,
    );
    expect(v2AnswerScore({ type: 'rating', scale_min: 1, scale_max: 5 }, { value: 'na', skip: true })).toBe(
      null,
    );
    expect(v2AnswerScore({ type: 'yes_no', scale_min: 1, scale_max: 5 }, { value: 'na', skip: true })).toBe(
      null,
    );
  });
});

describe('one rater’s figures', () => {
  // competency: rating 4/5 (0.75) × 2, yes 1 × 1, text × 0, N/A rating × 1 (no weight)
  // objective: rating 3/4 (2/3) × 2, proceso 0.5 × 1
  const answers: V2ScoredAnswer[] = [
    { section: 'competency', weight: 2, score: 0.75 },
    { section: 'competency', weight: 1, score: 1 },
    { section: 'competency', weight: 0, score: null },
    { section: 'competency', weight: 1, score: null },
    { section: 'objective', weight: 2, score: 2 / 3 },
    { section: 'objective', weight: 1, score: 0.5 },
  ];

  it('takes the weighted mean per section and combines sections with the evaluation’s weights', () => {
    const f = v2RaterFigures(answers, W);
    // competency (2×0.75 + 1×1) / 3 = 83.33…; objective (2×2/3 + 1×0.5) / 3 = 61.11…
    expect(f.competencies_percentage).toBeCloseTo(250 / 3, 9);
    expect(f.objectives_percentage).toBeCloseTo(550 / 9, 9);
    // 83.33… × 0.6 + 61.11… × 0.4 = 50 + 24.44… = 74.44…
    expect(f.overall_percentage).toBeCloseTo(50 + 220 / 9, 9);
  });

  it('sums per section exactly as the SQL aggregate does', () => {
    const sums = v2SectionSums(answers);
    expect(sums.competency).toEqual({ weighted: 2.5, weight: 3 });
    expect(sums.objective!.weight).toBe(3);
    expect(v2FiguresFromSums(sums, W)).toEqual(v2RaterFigures(answers, W));
  });

  it('lets a section with nothing scored give the other the whole weight', () => {
    const onlyCompetency = answers.map((a) => (a.section === 'objective' ? { ...a, score: null } : a));
    const f = v2RaterFigures(onlyCompetency, W);
    expect(f.objectives_percentage).toBeNull();
    expect(f.overall_percentage).toBeCloseTo(250 / 3, 9);
    expect(v2Overall(null, 40, W)).toBe(40);
    expect(v2Overall(null, null, W)).toBeNull();
    expect(v2Overall(100, 0, { weight_competencies: 100, weight_objectives: 0 })).toBe(100);
  });

  it('has no figure when everything is N/A, text, or weighs 0', () => {
    expect(v2RaterFigures([{ section: 'competency', weight: 1, score: null }], W)).toEqual({
      competencies_percentage: null,
      objectives_percentage: null,
      overall_percentage: null,
    });
    expect(v2SectionPercentage({ weighted: 0, weight: 0 })).toBeNull();
    expect(v2SectionPercentage(undefined)).toBeNull();
  });
});

describe('group figures', () => {
  it('averages the raters’ figures, leaving out a rater without a figure', () => {
    const g = v2GroupFigures([
      { competencies_percentage: 80, objectives_percentage: 50, overall_percentage: 68 },
      { competencies_percentage: 60, objectives_percentage: null, overall_percentage: 60 },
      { competencies_percentage: null, objectives_percentage: null, overall_percentage: null },
    ]);
    expect(g).toEqual({
      raters: 3,
      competencies_percentage: 70,
      objectives_percentage: 50,
      overall_percentage: 64,
    });
    expect(v2GroupFigures([]).overall_percentage).toBeNull();
  });
});

describe('anonymity (threshold 3)', () => {
  const counts = (manager: number, peer: number, report: number, self = 1) => ({
    self,
    manager,
    peer,
    report,
  });

  it('shows everything to admin, and marks the groups below the threshold', () => {
    const v = v2Visibility(counts(1, 2, 1), 3, true);
    expect(v.groups).toEqual({ self: 'shown', manager: 'shown', peer: 'shown', report: 'shown' });
    expect(v.merged).toBeNull();
    expect(v.othersShown).toBe(true);
    expect(v.belowThreshold).toEqual({ self: false, manager: false, peer: true, report: true });
  });

  it('always shows self and manager, even a single manager', () => {
    const v = v2Visibility(counts(1, 3, 0), 3, false);
    expect(v.groups).toEqual({ self: 'shown', manager: 'shown', peer: 'shown', report: 'empty' });
    expect(v.othersShown).toBe(true);
  });

  it('hides a peer group of 2 and then withholds "others", which would reveal it', () => {
    const v = v2Visibility(counts(1, 2, 0), 3, false);
    expect(v.groups.peer).toBe('hidden');
    expect(v.merged).toBeNull();
    expect(v.visible.peer).toBe(false);
    expect(v.othersShown).toBe(false);
  });

  it('withholds "others" when one group is hidden even if the other is shown', () => {
    const v = v2Visibility(counts(1, 4, 2), 3, false);
    expect(v.groups).toMatchObject({ peer: 'shown', report: 'hidden' });
    expect(v.merged).toBeNull();
    expect(v.othersShown).toBe(false);
  });

  it('merges two hidden groups and shows them together once they reach the threshold', () => {
    const v = v2Visibility(counts(1, 2, 1), 3, false);
    expect(v.groups).toMatchObject({ peer: 'hidden', report: 'hidden' });
    expect(v.merged).toEqual({ raters: 3, counted: 3, shown: true });
    expect(v.visible).toEqual({ self: true, manager: true, peer: true, report: true });
    expect(v.othersShown).toBe(true);
  });

  it('keeps two hidden groups hidden when together they are still below the threshold', () => {
    const v = v2Visibility(counts(1, 1, 1), 3, false);
    expect(v.merged).toEqual({ raters: 2, counted: 2, shown: false });
    expect(v.visible).toMatchObject({ peer: false, report: false });
    expect(v.othersShown).toBe(false);
  });

  it('treats several managers as an anonymous group: two are hidden, and so is "others"', () => {
    const v = v2Visibility(counts(2, 3, 0), 3, false);
    expect(v.groups).toMatchObject({ manager: 'hidden', peer: 'shown' });
    expect(v.belowThreshold.manager).toBe(true);
    expect(v.visible.manager).toBe(false);
    expect(v.othersShown).toBe(false);
    expect(v2Visibility(counts(3, 3, 0), 3, false).groups.manager).toBe('shown');
  });

  it('never counts a rater whose answers a reader may know toward the threshold', () => {
    // 3 peers answered, one of them HR (or someone whose password HR set): 2 count, still hidden.
    const v = v2Visibility(counts(1, 3, 0), 3, false, counts(1, 2, 0));
    expect(v.groups.peer).toBe('hidden');
    expect(v.belowThreshold.peer).toBe(true);
    expect(v.othersShown).toBe(false);
    // Merged: 2 peers (1 counted) and 2 reports (1 counted) → 2 counted < 3, hidden.
    const m = v2Visibility(counts(1, 2, 2), 3, false, counts(1, 1, 1));
    expect(m.merged).toEqual({ raters: 4, counted: 2, shown: false });
    expect(m.visible).toMatchObject({ peer: false, report: false });
    // Admin still sees the group, flagged.
    const a = v2Visibility(counts(1, 3, 0), 3, true, counts(1, 2, 0));
    expect(a.groups.peer).toBe('shown');
    expect(a.belowThreshold.peer).toBe(true);
  });

  it('treats two assigned managers as anonymous even when only one answered', () => {
    const v = v2Visibility(counts(1, 3, 0), 3, false, counts(1, 3, 0), counts(2, 3, 0));
    expect(v.groups.manager).toBe('hidden');
    expect(v.othersShown).toBe(false);
    expect(v2Visibility(counts(1, 3, 0), 3, false, counts(1, 3, 0), counts(1, 3, 0)).groups.manager).toBe(
      'shown',
    );
  });

  it('never shows after close a group the close-time view did not (a promotion cannot merge groups)', () => {
    // Closed with 3 counted peers (shown) and 1 report (hidden); then a peer becomes HR.
    const atClose = v2Visibility(counts(1, 3, 1), 3, false, counts(1, 3, 1));
    const now = v2Visibility(counts(1, 3, 1), 3, false, counts(1, 2, 1));
    expect(now.merged).toEqual({ raters: 4, counted: 3, shown: true });
    const stable = v2StableVisibility(atClose, now);
    expect(stable.merged).toBeNull();
    expect(stable.groups).toMatchObject({ peer: 'hidden', report: 'hidden' });
    expect(stable.visible).toMatchObject({ peer: false, report: false });
    expect(stable.othersShown).toBe(false);
    // Nothing changed: the same view.
    expect(v2StableVisibility(atClose, atClose)).toEqual(atClose);
    // A merged group shown at close shrinks when it no longer reaches the threshold.
    const mergedAtClose = v2Visibility(counts(1, 2, 1), 3, false);
    const mergedNow = v2Visibility(counts(1, 2, 1), 3, false, counts(1, 1, 1));
    const shrunk = v2StableVisibility(mergedAtClose, mergedNow);
    expect(shrunk.merged).toEqual({ raters: 3, counted: 2, shown: false });
    expect(shrunk.othersShown).toBe(false);
  });

  it('follows the configured threshold', () => {
    expect(v2Visibility(counts(1, 2, 0), 2, false).groups.peer).toBe('shown');
    expect(v2Visibility(counts(1, 4, 0), 5, false).groups.peer).toBe('hidden');
  });
});

describe('which groups are anonymous: one rule (decision 041)', () => {
  it('peers and reports always, self never, managers when more than one was asked', () => {
    expect(isAnonymousGroup('peer', 1)).toBe(true);
    expect(isAnonymousGroup('report', 0)).toBe(true);
    expect(isAnonymousGroup('self', 5)).toBe(false);
    expect(isAnonymousGroup('manager', 1)).toBe(false);
    expect(isAnonymousGroup('manager', 2)).toBe(true);
  });

  it("reads the server's flag on a result row, and the rule on older snapshots' rows", () => {
    // One manager still standing, a second one declined: the server says anonymous.
    expect(isAnonymousResultGroup({ relation: 'manager', raters_assigned: 1, anonymous: true })).toBe(true);
    expect(isAnonymousResultGroup({ relation: 'manager', raters_assigned: 1 })).toBe(false);
    expect(isAnonymousResultGroup({ relation: 'manager', raters_assigned: 2 })).toBe(true);
    expect(isAnonymousResultGroup({ relation: 'peer_report', raters_assigned: 0 })).toBe(true);
    expect(isAnonymousResultGroup({ relation: 'self', raters_assigned: 1 })).toBe(false);
  });

  it('a manager group of two requests hides one answer below the threshold, whatever is pending', () => {
    const completed = { self: 0, manager: 1, peer: 0, report: 0 };
    const requests = { self: 0, manager: 2, peer: 0, report: 0 };
    expect(v2Visibility(completed, 3, false, completed, requests).groups.manager).toBe('hidden');
    expect(v2Visibility(completed, 3, false, completed, completed).groups.manager).toBe('shown');
  });
});
