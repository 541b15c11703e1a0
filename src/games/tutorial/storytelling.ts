/**
 * The storytelling tutorial: the newcomer and a computer case officer tell a short story (at most
 * six rounds). The arrangement puts the easiest crises (one technique needed) on top and the
 * successful Resolution cards first, so the table defuses its crises within five rounds.
 */
import type { StState } from '../storytelling/types.ts';
import { defineTutorial } from './tutorial.ts';

export const storytellingTutorial = defineTutorial<StState, unknown>({
  game: 'storytelling',
  minutes: 8,
  seed: 'tutorial-storytelling',
  options: { rounds: 6 },
  arrangement: {
    // Every crisis, the easiest first (fewest techniques needed, then lowest difficulty).
    crises: [
      'C32',
      'C40',
      'C43',
      'C26',
      'C33',
      'C38',
      'C45',
      'C06',
      'C12',
      'C23',
      'C35',
      'C21',
      'C39',
      'C11',
      'C16',
      'C13',
      'C37',
      'C44',
      'C46',
      'C05',
      'C09',
      'C14',
      'C17',
      'C29',
      'C42',
      'C04',
      'C10',
      'C19',
      'C25',
      'C30',
      'C36',
      'C41',
      'C03',
      'C18',
      'C28',
      'C34',
      'C08',
      'C22',
      'C20',
      'C07',
      'C15',
      'C02',
      'C24',
      'C31',
      'C01',
      'C27',
    ],
    // The twelve Resolution cards, the successes first.
    resolutions: ['R44', 'R47', 'R45', 'R48', 'R46', 'R49', 'R50', 'R51', 'R52', 'R53', 'R54', 'R55'],
  },
  newcomerSeat: 0,
  computers: [{ strategy: 'case-officer', name: 'Case Officer Cole' }],
  steps: [
    {
      id: 'crises',
      title: 'Create the crises',
      teach:
        'This is a cooperative story. Before the first round each player draws two crises, keeps one for the table and introduces it: what it is, how the agency first heard of it, what failure would cost.',
      next: 'The player creating a crisis keeps one in **My view**, then tells it with the board’s button (or lets the bot write it).',
      glossary: ['Crisis'],
      done: ({ state }) => state.round >= 1,
    },
    {
      id: 'collect',
      title: 'Collect intelligence',
      teach:
        'On your turn, place a technique that matches a crisis (a shared aspect, a range covering its difficulty) and tell what you learned. A crisis that gets intelligence this round does not escalate.',
      next: 'Choose **technique → crisis** in **My view**, then tell what you learned.',
      glossary: ['Collection technique', 'Difficulty and range'],
      done: ({ state }) => state.stats.defused >= 1 || state.round >= 2,
    },
    {
      id: 'operate',
      title: 'Conduct an operation',
      teach:
        'Once a crisis has the techniques it requires, anyone may move against it: pick an approach, describe it, and a Resolution card decides. Success defuses the crisis.',
      next: 'When a crisis is ready, choose **approach → crisis** in **My view** and narrate it.',
      glossary: ['Resolution card'],
      done: ({ state }) => state.round >= 2,
    },
    {
      id: 'escalate',
      title: 'Escalation',
      teach:
        'At the end of each round every crisis that got no new intelligence escalates; its third escalation means it failed. A second failure is defeat, so spread your techniques.',
      next: 'Collect on the crises that would escalate, or move against the ready ones, from **My view**.',
      done: ({ state }) => state.stats.defused >= 3,
    },
    {
      id: 'victory',
      title: 'Every crisis defused',
      teach:
        'When every crisis on the table is defused, the team wins, and `/game export` gives you the whole story as a document.',
      next: 'Finish the last crisis from **My view** and tell how it ended.',
      done: ({ over }) => over,
    },
  ],
  reasons: {
    'keep-crisis': 'This crisis needs the fewest techniques, so the table can defuse it soon.',
    tell: 'Your line is due. Write it in your own words with the form (the board’s button), or let the bot write it from the cards.',
    collect: 'This technique matches the crisis: it shares an aspect and its range covers the difficulty.',
    operate: 'The crisis has every technique it requires, so an operation can defuse it now.',
    accept: 'The Resolution card is good enough: keep it.',
    help: 'This reality check makes a crisis easier for the table.',
  },
});
