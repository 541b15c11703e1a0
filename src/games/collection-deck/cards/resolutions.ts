/**
 * In CIA: Collect It All the 12 Collection Manager Challenge cards double as Resolution
 * cards for the storytelling variant. The card schema has no room for that face, so it
 * lives here, keyed by the challenge's id: three cards of each of the four outcomes.
 */
export const RESOLUTION_OUTCOMES = ['success-and', 'success-but', 'failure-but', 'failure-and'] as const;
export type ResolutionOutcome = (typeof RESOLUTION_OUTCOMES)[number];

export interface Resolution {
  /** Id of the Collection Manager Challenge card this is the other face of. */
  card: string;
  outcome: ResolutionOutcome;
  text: string;
}

const resolution = (card: string, outcome: ResolutionOutcome, text: string): Resolution => ({
  card,
  outcome,
  text,
});

export const RESOLUTIONS: readonly Resolution[] = [
  resolution('R44', 'success-and', 'Success, and the operation exposes a second network nobody knew about.'),
  resolution('R45', 'success-and', 'Success, and a grateful ally offers access it had never shared before.'),
  resolution('R46', 'success-and', 'Success, and the adversary never learns how it was done.'),
  resolution('R47', 'success-but', 'Success, but a source is burned and must be brought out of the country.'),
  resolution('R48', 'success-but', 'Success, but the story leaks and the press wants to know who knew what.'),
  resolution(
    'R49',
    'success-but',
    'Success, but it cost more than planned and another crisis was neglected.',
  ),
  resolution('R50', 'failure-but', 'Failure, but the attempt reveals where the real decision is being made.'),
  resolution('R51', 'failure-but', 'Failure, but nobody outside the room ever hears about it.'),
  resolution('R52', 'failure-but', 'Failure, but a partner steps in and buys you time.'),
  resolution('R53', 'failure-and', 'Failure, and the adversary now knows what you were after.'),
  resolution('R54', 'failure-and', 'Failure, and an officer is detained by the host government.'),
  resolution('R55', 'failure-and', 'Failure, and the crisis spreads across a border.'),
];

export const resolutionFor = (cardId: string): Resolution | undefined =>
  RESOLUTIONS.find((r) => r.card === cardId);
