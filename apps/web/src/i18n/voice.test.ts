import { catalogueTexts, ustedTexts } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { homeMessages } from './home-messages';
import { messages } from './messages';
import { shellMessages } from './shell-messages';

/** One voice (issue 15): the web app's catalogues address the reader as "tú", but SPEC's own sentences. */
describe("the web app's message catalogues", () => {
  const catalogues = { messages, shellMessages, homeMessages };

  it('are read whole: every message, functions included', () => {
    const { texts, unreadable } = catalogueTexts(messages, 'messages');
    expect(texts.length).toBeGreaterThan(300);
    expect(unreadable).toEqual([]);
    expect(texts.map((t) => t.text)).toContain(shellMessages.login.tooMany);
  });

  it('use "tú" (no «Ingrese», «Inténtelo», «usted»…) except the sentences SPEC fixes', () => {
    const { found, unreadable } = ustedTexts(catalogues);
    expect(found).toEqual([]);
    expect(unreadable).toEqual([]);
  });
});
