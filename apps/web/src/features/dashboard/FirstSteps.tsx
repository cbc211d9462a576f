import { FIRST_STEPS, type FirstStep } from '@evalua/contracts';
import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useFirstSteps } from './api/first-steps';

const t = messages.dashboard.firstSteps;

/** Where each step is done. */
const STEP_LINKS: Record<FirstStep, string> = {
  categories: '/categories',
  question_bank: '/question-banks',
  evaluation: '/create-evaluation',
  staff: '/users',
  assignments: '/assignment-management',
  open: '/evaluations',
};

/** Hidden for good once the person says so, in this browser. */
const HIDDEN_KEY = 'evalua.first-steps.hidden';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 'Primeros pasos' (issue 30 §4, decision 054): the first run's steps in the real order, each ticked
 * by what the database holds, until all are done or the person hides the guide.
 */
export function FirstSteps() {
  const [hidden, setHidden] = useState(readHidden);
  const steps = useFirstSteps(!hidden);
  if (hidden || !steps.data) return null;
  const data = steps.data;
  const doneCount = FIRST_STEPS.filter((s) => data[s]).length;
  if (doneCount === FIRST_STEPS.length) return null;
  const next = FIRST_STEPS.find((s) => !data[s]);

  const hide = () => {
    try {
      window.localStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Private browsing without storage: hidden until the page reloads.
    }
    setHidden(true);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="first-steps-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h3" id="first-steps-title">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.intro(doneCount, FIRST_STEPS.length)}
            </Text>
          </div>
          <Button variant="subtle" size="compact-sm" onClick={hide}>
            {t.hide}
          </Button>
        </Group>
        <List type="ordered" spacing="xs">
          {FIRST_STEPS.map((step) => (
            <List.Item key={step}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={STEP_LINKS[step]} fw={step === next ? 700 : undefined}>
                  {t.steps[step].label}
                </Anchor>
                {data[step] ? (
                  <Badge color="green" variant="light">
                    {t.done}
                  </Badge>
                ) : (
                  step === next && (
                    <Badge color="blue" variant="light">
                      {t.next}
                    </Badge>
                  )
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t.steps[step].hint}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
