import { loginRequestSchema } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's validation: the contract's schema, so the messages are the server's own. */
export const loginResolver = zodResolver(loginRequestSchema);
