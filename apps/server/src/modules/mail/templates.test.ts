import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from './templates';

describe('e-mail templates', () => {
  it('escapes every value in the HTML and keeps the text readable', () => {
    const mail = renderMail(
      {
        subject: 'Tu acceso a «Evalúa»',
        greeting: 'Hola, <script>alert(1)</script> & "Ana":',
        paragraphs: ['Primer párrafo con <b>marcas</b>.', 'Segundo %%BODY%% párrafo.'],
        items: [{ text: 'Evaluar a <i>Pedro</i>', href: 'https://evalua.test/evaluar?a=1&b=2' }],
        action: { label: 'Entrar <ya>', href: 'https://evalua.test/activar?token=abc&x=1' },
        footnote: 'El enlace vence en 7 días.',
      },
      'Colegio <Los Pinos>',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hola, &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ana&quot;:');
    expect(mail.html).toContain('Colegio &lt;Los Pinos&gt;');
    expect(mail.html).toContain('href="https://evalua.test/activar?token=abc&amp;x=1"');
    expect(mail.html).toContain('Entrar &lt;ya&gt;');
    expect(mail.html).toContain('Evaluar a &lt;i&gt;Pedro&lt;/i&gt;');
    // A value holding a slot's name is not filled again.
    expect(mail.html).toContain('Segundo %%BODY%% párrafo.');
    expect(mail.html).not.toMatch(/%%(ORG|TITLE|ACTION_HREF|ACTION_LABEL|FOOTNOTE)%%/);
    expect(mail.html).toContain('<html lang="es"');
    expect(mail.text).toContain('Hola, <script>alert(1)</script> & "Ana":');
    expect(mail.text).toContain('Entrar <ya>: https://evalua.test/activar?token=abc&x=1');
    expect(mail.text).toContain('- Evaluar a <i>Pedro</i>: https://evalua.test/evaluar?a=1&b=2');
    expect(mail.text).toContain('Evalúa · Colegio <Los Pinos>');
  });

  it('has no button without an action, and refuses links that are not http(s)', () => {
    const plain = renderMail({ subject: 'S', greeting: 'Hola:', paragraphs: ['p'] }, 'Org');
    expect(plain.html).not.toContain('href');
    expect(() =>
      renderMail(
        {
          subject: 'S',
          greeting: 'Hola:',
          paragraphs: [],
          action: { label: 'x', href: 'javascript:alert(1)' },
        },
        'Org',
      ),
    ).toThrow();
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
