/**
 * R20: the Promise form. Four menus and a text field fill a modal's five questions: what the
 * promise holds its maker to, which card, to whom, which round; then the maker's own words.
 * The menus are what the debrief judges exactly; words alone are for the table to judge.
 */
import type { PanelButton, PanelModalChoice } from '../panel.ts';
import { rankName, RANKS } from './cards.ts';
import { PROMISE_MAX } from './promises.ts';
import type { IcgAction, PromiseWhat } from './schema.ts';
import type { IcgView } from './view.ts';

const WHAT: { value: PromiseWhat; label: string; description: string }[] = [
  { value: 'play', label: 'I’ll play…', description: 'the card chosen below' },
  { value: 'not-play', label: 'I won’t play…', description: 'the card chosen below' },
  { value: 'above', label: 'I’ll play above…', description: 'higher than the card below (the ace is high)' },
  { value: 'below', label: 'I’ll play below…', description: 'lower than the card below (the ace is high)' },
  { value: 'at-most', label: 'I won’t play above…', description: 'the card below or lower' },
  { value: 'at-least', label: 'I won’t play below…', description: 'the card below or higher' },
  { value: 'honest', label: 'I’ll claim honestly', description: 'my claim will be the card I play' },
  { value: 'match', label: 'I’ll play the same card as…', description: 'the player chosen under To whom' },
  { value: 'note', label: 'Only my words below', description: 'the table judges them, not the debrief' },
];

function choices(view: IcgView): PanelModalChoice[] {
  const rounds = [{ label: `This round (${view.round})`, value: 'this' }];
  if (view.round < view.maxRounds) rounds.push({ label: `Next round (${view.round + 1})`, value: 'next' });
  return [
    { label: 'What do you promise?', field: 'what', required: true, options: WHAT },
    {
      label: 'Which card',
      description: 'For play, won’t play, above and below',
      field: 'rank',
      required: false,
      options: RANKS.map((r) => ({ label: r, value: r, description: rankName(r) })),
    },
    {
      label: 'To whom',
      description: 'Empty: the whole table',
      field: 'to',
      required: false,
      options: view.seats.map((s, i) => ({ label: `${s.name} ${s.suit}`, value: String(i + 1) })),
    },
    {
      label: 'Which round',
      description: 'Empty: this round',
      field: 'when',
      required: false,
      options: rounds,
    },
  ];
}

const template: IcgAction = { type: 'promise' };

export function promiseButton(view: IcgView): PanelButton {
  return {
    label: 'Promise',
    style: 'secondary',
    modal: {
      title: 'A promise to the table (public)',
      label: 'Your words (optional with a promise above)',
      description: 'A note everyone sees; alone, the table judges it',
      field: 'text',
      maxLength: PROMISE_MAX,
      optional: true,
      template,
      choices: choices(view),
    },
  };
}
