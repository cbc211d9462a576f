import { FULL_SUBMIT_MESSAGES as M, requiredText } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Radio, Stack, Textarea, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

/** The training form: both fields required, with the server's own sentences. */
const trainingFormSchema = z.object({
  requires_training: z.enum(['yes', 'no'], { error: M.requiresTrainingRequired }),
  comments: requiredText(M.commentsRequired, 2000),
});
type TrainingValues = z.input<typeof trainingFormSchema>;
export interface Training {
  requires_training: boolean;
  comments: string;
}

interface Props {
  sending: boolean;
  onSubmit: (training: Training) => Promise<void>;
  onBack: () => void;
}

export function TrainingForm({ sending, onSubmit, onBack }: Props) {
  const form = useForm<TrainingValues, unknown, z.output<typeof trainingFormSchema>>({
    resolver: zodResolver(trainingFormSchema),
    defaultValues: { requires_training: undefined, comments: '' },
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // It replaces the questions (and their 'Continuar' button): take the focus and the view along.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const submit = form.handleSubmit((values) =>
    onSubmit({ requires_training: values.requires_training === 'yes', comments: values.comments }),
  );

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={3} ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
            Capacitación
          </Title>
          <Controller
            name="requires_training"
            control={form.control}
            render={({ field, fieldState }) => (
              <Radio.Group
                label="Requiere capacitación"
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Group gap="lg" mt="xs">
                  <Radio value="yes" label="Sí" onBlur={field.onBlur} ref={field.ref} />
                  <Radio value="no" label="No" onBlur={field.onBlur} />
                </Group>
              </Radio.Group>
            )}
          />
          <Textarea
            label="Comentarios"
            description="Qué capacitación necesita, o por qué no la necesita."
            autosize
            minRows={3}
            maxLength={2000}
            error={form.formState.errors.comments?.message}
            {...form.register('comments')}
          />
          <Group>
            <Button type="submit" loading={sending}>
              Enviar evaluación
            </Button>
            <Button variant="default" onClick={onBack} disabled={sending}>
              Volver a las preguntas
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
