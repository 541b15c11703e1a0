/** Refusals that teach: every error code of the storytelling variant, its rule and what to do instead. */
import type { GameRuleRefs } from '../rule-refs.ts';
import { SECTION } from './refusals.ts';

export const storytellingRuleRefs: GameRuleRefs = {
  book: 'CIA: Collect It All (2018)',
  rulings: 'collection-deck',
  codes: {
    'bad-arrangement': {
      section: 'Storytelling: Setup',
      instead: 'Start the table without an arrangement; the deck is shuffled from the seed.',
    },
    'bad-options': {
      section: 'Storytelling: Setup',
      ruling: 'S13',
      instead: 'Start again with the options `/game start` offers (e.g. rounds between the limits shown).',
    },
    seats: {
      section: 'Storytelling: Setup',
      instead: 'Seat between one and six storytellers; computer players may fill seats.',
    },
    'game-over': {
      section: 'Storytelling: Winning and Losing',
      ruling: 'S14',
      instead: 'Read the whole story with `/game export`, or start a new table with `/game start`.',
    },
    'not-seated': {
      section: SECTION.turns,
      instead: 'Follow the story on the board, or join the next table from its lobby.',
    },
    'not-your-move': {
      section: SECTION.turns,
      ruling: 'S15',
      instead: 'Wait for your turn; meanwhile you may put a helpful reality check on a crisis.',
    },
    'wrong-step': {
      section: SECTION.turns,
      ruling: 'S12',
      instead: 'Answer what the board asks for now.',
    },
    'no-such-crisis': {
      section: SECTION.collect,
      instead: 'Pick one of the crises on the table.',
    },
    'not-in-hand': {
      section: SECTION.collect,
      instead: 'Play a card from your own hand (My view shows it).',
    },
    'one-target': {
      section: SECTION.collect,
      ruling: 'S3',
      instead: 'Help another crisis, or play a range or aspect helper instead.',
    },
    'not-drawn': {
      section: SECTION.setup,
      ruling: 'S4',
      instead: 'Keep one of the cards you drew.',
    },
    'no-match': {
      section: SECTION.operate,
      ruling: 'S6',
      instead: 'Discard a technique that matches the crisis, or keep the Resolution card you drew.',
    },
    'discipline-taken': {
      section: SECTION.collect,
      ruling: 'S3',
      instead: 'Use a technique of another discipline, or collect on another crisis.',
    },
    'does-not-fit': {
      section: SECTION.collect,
      ruling: 'S3',
      instead: 'A helpful reality check may make it fit; or pick a crisis the technique matches.',
    },
    'not-ready': {
      section: SECTION.operate,
      ruling: 'S5',
      instead: 'Collect intelligence on the crisis until its required techniques are in place.',
    },
  },
};
