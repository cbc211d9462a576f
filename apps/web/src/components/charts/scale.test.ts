import { describe, expect, it } from 'vitest';
import { fitLabel, slotWidth, slotX, yOf, type Frame } from './scale';

const frame: Frame = { width: 400, height: 240, left: 40, right: 10, top: 10, bottom: 30 };

describe('chart geometry', () => {
  it('puts 0 % at the bottom of the plot and 100 % at its top, clamping the rest', () => {
    expect(yOf(frame, 0)).toBe(210);
    expect(yOf(frame, 100)).toBe(10);
    expect(yOf(frame, 50)).toBe(110);
    expect(yOf(frame, 130)).toBe(10);
    expect(yOf(frame, -5)).toBe(210);
  });

  it('splits the width into equal slots and centres each point in its slot', () => {
    expect(slotWidth(frame, 2)).toBe(175);
    expect(slotX(frame, 0, 2)).toBe(127.5);
    expect(slotX(frame, 1, 2)).toBe(302.5);
    expect(slotX(frame, 0, 1)).toBe(215);
    expect(slotWidth(frame, 0)).toBe(350);
  });

  it('shortens long labels with an ellipsis', () => {
    expect(fitLabel('Par', 10)).toBe('Par');
    expect(fitLabel('Colaborador directo', 12)).toBe('Colaborador…');
    expect(fitLabel('Autoevaluación', 1)).toBe('Autoevaluación');
  });
});
