import { useState } from 'react';
import { errorText } from '../../api/errors';

/**
 * A screen's error banner text, and run(): clear it, try the action, and on failure show the server's
 * sentence (400/409) or the screen's fallback. run() tells whether the action went through.
 */
export function useActionError() {
  const [error, setError] = useState<string | null>(null);
  const clear = () => setError(null);
  const run = async (action: () => Promise<void>, fallback: string): Promise<boolean> => {
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(errorText(err, fallback));
      return false;
    }
  };
  return { error, clear, run };
}
