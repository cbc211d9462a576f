/**
 * The e-mail layout in MJML (decision 033), with slots filled per message. It is compiled to HTML
 * at development time (`npm run mail:layouts` writes layouts.generated.ts; a test fails when the two
 * differ), so the server never loads mjml: its import alone took 0.5–1.4 s and tens of MB at start.
 */
export const SLOT = {
  org: '%%ORG%%',
  title: '%%TITLE%%',
  body: '%%BODY%%',
  actionHref: '%%ACTION_HREF%%',
  actionLabel: '%%ACTION_LABEL%%',
  footnote: '%%FOOTNOTE%%',
};

export function layoutSource(withAction: boolean): string {
  const button = withAction
    ? `<mj-button background-color="#1c7ed6" color="#ffffff" font-size="16px" border-radius="6px" href="${SLOT.actionHref}">${SLOT.actionLabel}</mj-button>`
    : '';
  return `<mjml lang="es">
  <mj-head>
    <mj-title>${SLOT.title}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#212529" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f3f5">
    <mj-section background-color="#1c7ed6" padding="16px">
      <mj-column><mj-text color="#ffffff" font-size="18px" font-weight="bold">${SLOT.org}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text>${SLOT.body}</mj-text>
        ${button}
        <mj-text font-size="13px" color="#495057">${SLOT.footnote}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="12px">
      <mj-column><mj-text font-size="12px" color="#868e96" align="center">Evalúa · ${SLOT.org}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}
