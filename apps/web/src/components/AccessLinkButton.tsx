import { ACCESS_MESSAGES, accessEndpoints } from '@evalua/contracts';
import { Button, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { api } from '../api/client';
import { errorText } from '../api/errors';
import { outboxKeys } from '../api/queries/outbox';
import { notify } from './feedback/notify';
import { messages } from '../i18n/messages';
import { accessLinkBlocker } from './access-link';

interface Props {
  user: { id: number; name: string; email: string | null };
  /** Whether the user is active (the staff lists show active people only). */
  active?: boolean;
  size?: 'xs' | 'sm';
}

/**
 * 'Enviar enlace de acceso' (admin and HR): mails the person a single-use link to choose their own
 * password (a new one voids the old). Disabled, with the reason in a tooltip and as its description,
 * for someone without e-mail or inactive. The answer is a toast: the server's sentence.
 */
export function AccessLinkButton({ user, active = true, size = 'xs' }: Props) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const send = useMutation({
    mutationFn: () => api.call(accessEndpoints.accessLink, { params: { id: user.id } }),
    // A new message in the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
  const blocker = accessLinkBlocker(user.email, active);

  const run = async () => {
    try {
      const { message } = await send.mutateAsync();
      notify.success(message || ACCESS_MESSAGES.linkSent);
    } catch (err) {
      notify.error(errorText(err, messages.access.sendError, [400, 404, 409, 429]));
    }
  };

  const button = (
    <Button
      size={size}
      variant="light"
      loading={send.isPending}
      // Disabled yet focusable, so that its reason can be read (Mantine keeps it in the tab order
      // with data-disabled instead of the disabled attribute).
      data-disabled={blocker ? true : undefined}
      aria-disabled={blocker ? true : undefined}
      aria-describedby={blocker ? reasonId : undefined}
      onClick={(e) => {
        if (blocker) {
          e.preventDefault();
          return;
        }
        void run();
      }}
      aria-label={`Enviar enlace de acceso a ${user.name}`}
    >
      Enviar enlace de acceso
    </Button>
  );
  if (!blocker) return button;
  return (
    <>
      <Tooltip
        label={blocker}
        multiline
        maw={280}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        {button}
      </Tooltip>
      <span id={reasonId} hidden>
        {blocker}
      </span>
    </>
  );
}
