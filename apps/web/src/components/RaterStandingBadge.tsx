import { RATER_STANDING_TEXT, raterStandingSentence, type RaterStanding } from '@evalua/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { useId } from 'react';

/** Text dark enough on each light badge (4.5:1 at least): Mantine's yellow and green 9 are too light there. */
const TEXT_COLOR = { green: '#1b5e2a', yellow: '#7a4100', gray: 'gray.9' } as const;

interface Props {
  standing: RaterStanding;
  /** Show the badge of a rater who counts too (the raters' screen); the users list shows only the others. */
  showCounting?: boolean;
}

/**
 * Whether a 360 rater counts toward anonymity (decision 040): 'Cuenta', or why not yet and the one
 * thing that makes them count, in a tooltip and as the badge's description (read by screen readers).
 */
export function RaterStandingBadge({ standing, showCounting = false }: Props) {
  const describedBy = useId();
  if (standing === 'counts' && !showCounting) return null;
  const text = RATER_STANDING_TEXT[standing];
  const sentence = raterStandingSentence(standing);
  const color = standing === 'counts' ? 'green' : text.fix ? 'yellow' : 'gray';
  return (
    <>
      <Tooltip
        label={sentence}
        multiline
        maw={320}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Badge
          variant="light"
          color={color}
          c={TEXT_COLOR[color]}
          tabIndex={0}
          aria-describedby={describedBy}
          style={{ textTransform: 'none' }}
        >
          {standing === 'counts' ? 'Cuenta para el anonimato' : `${text.label} para el anonimato`}
        </Badge>
      </Tooltip>
      <span id={describedBy} hidden>
        {sentence}
      </span>
    </>
  );
}
