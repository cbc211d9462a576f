import { Fragment } from 'react';

/**
 * An e-mail address (or '—') that may wrap before its '@' and before the dots of either half, and
 * nowhere else (as addresses are broken in print): a column of addresses narrows to their longest
 * piece, and every line stays readable.
 */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return <>—</>;
  const pieces = email.split(/(?=[@.])/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
