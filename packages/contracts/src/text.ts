// zod's Spanish messages come with the schema builders: whoever builds a schema has them, also
// where index.ts is skipped by a bundler (decisions 022, 024).
import './locale';
import { z } from 'zod';

/**
 * Text hygiene (decision 022). What a person types is printed in PDFs, spreadsheets, the audit log
 * and other people's screens, so a text may not carry characters that change how it is laid out:
 * - control characters: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F);
 * - Unicode bidirectional controls (the Bidi_Control property: U+061C, U+200E, U+200F,
 *   U+202A–U+202E, U+2066–U+2069), which reorder what is shown ("Trojan Source");
 * - the Unicode line and paragraph separators U+2028 and U+2029;
 * - lone UTF-16 surrogates (not well-formed Unicode: stored as U+FFFD, so different texts collide);
 * - the 66 noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE,
 *   U+FFFF, U+1FFFE … U+10FFFF): never text, and U+FFFE/U+FFFF are not even allowed in XML, so
 *   one of them in a name made the Excel exports unreadable.
 * Single-line fields refuse all of them; multi-line fields (comments, notes, descriptions) keep
 * line breaks written as LF or CR LF and refuse the rest; passwords refuse only lone surrogates.
 */
export const TEXT_MESSAGES = {
  control: 'El texto no puede contener caracteres de control.',
  lineBreak: 'El texto no puede contener saltos de línea.',
  /** A lone surrogate, or (not in passwords) a noncharacter. */
  malformed: 'El texto contiene caracteres no válidos.',
} as const;

/** single: one line (names, e-mails, labels…); multi: LF and CR LF allowed; any: passwords, files. */
export type TextKind = 'single' | 'multi' | 'any';

const LF = 0x0a;
const CR = 0x0d;

function isBidiControl(c: number): boolean {
  return (
    c === 0x061c ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

function isControl(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
}

/** A noncharacter code point: U+FDD0–U+FDEF, or U+nFFFE / U+nFFFF of any plane n (0–16). */
export function isNoncharacter(codePoint: number): boolean {
  return (codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe;
}

/**
 * The Spanish sentence saying what is wrong with `text` for a field of this kind, or null when it
 * is fine. One pass over the UTF-16 code units; a surrogate is fine only as half of a pair
 * (the same as String.prototype.isWellFormed, which older phones' browsers lack).
 */
export function textProblem(text: string, kind: TextKind): string | null {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        if (kind !== 'any' && isNoncharacter(0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00))) {
          return TEXT_MESSAGES.malformed;
        }
        continue;
      }
      return TEXT_MESSAGES.malformed;
    }
    if (kind === 'any') continue;
    if (isNoncharacter(c)) return TEXT_MESSAGES.malformed;
    if (c === LF || c === CR || c === 0x2028 || c === 0x2029) {
      if (kind === 'single') return TEXT_MESSAGES.lineBreak;
      // Multi-line: LF alone, or CR immediately followed by LF.
      if (c === LF || (c === CR && i + 1 < text.length && text.charCodeAt(i + 1) === LF)) continue;
      return TEXT_MESSAGES.control;
    }
    if (isControl(c) || isBidiControl(c)) return TEXT_MESSAGES.control;
  }
  return null;
}

/**
 * The zod check of a text field of this kind (`z.string().trim().check(textCheck('single'))`): it
 * adds textProblem's sentence as the issue. Chained after `.trim()`, it sees the value stored.
 */
export function textCheck(kind: TextKind) {
  return z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, kind);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });
}

/** A check for a value of any type that is a text when it is a string (e.g. a written answer). */
export function textValueCheck(kind: TextKind) {
  return z.superRefine<unknown>((value, ctx) => {
    if (typeof value !== 'string') return;
    const problem = textProblem(value, kind);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });
}

/**
 * Ends a sentence with a period, unless its last word brings one: a time such as '3:05 p. m.'
 * (issue 30 §8: never '…p. m..').
 */
export function endSentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}
