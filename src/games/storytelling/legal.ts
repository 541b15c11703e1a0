/**
 * What a storyteller may do now, read from the moves their view already lists: autocomplete,
 * the contract test's checks and any computer draw from it. A told line's text is free, so
 * `tell` appears without one (the bot then writes it), and a redraw by two examples (keep every
 * card, throw back the whole hand).
 */
import type { PlayerId } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import { APPROACHES, type StAction, type StState } from './types.ts';
import { buildView } from './view.ts';

export function legalActions(cards: StoryCards, s: StState, player: PlayerId): StAction[] {
  const me = s.result ? null : buildView(cards, s, player).me;
  if (!me) return [];
  const help = me.help.map((h): StAction => ({ type: 'help', card: h.card, crisis: h.crisis }));
  const stage = s.stage;
  if (stage?.seat !== me.seat) return help;
  const hand = s.seats[me.seat]?.hand ?? [];
  const own = ((): StAction[] => {
    switch (stage.kind) {
      case 'choose-crisis':
        return me.choose.map((c) => ({ type: 'keep-crisis', crisis: c.id }));
      case 'tell':
        return [{ type: 'tell' }];
      case 'turn':
        return [
          ...me.collect.map((c): StAction => ({ type: 'collect', technique: c.technique, crisis: c.crisis })),
          ...me.operate.flatMap((crisis) =>
            APPROACHES.map((approach): StAction => ({ type: 'operate', crisis, approach })),
          ),
          { type: 'redraw', cards: [] },
          { type: 'redraw', cards: [...hand] },
        ];
      case 'boost':
        return [...me.boost.map((technique): StAction => ({ type: 'boost', technique })), { type: 'accept' }];
      case 'pick':
        return stage.drawn.map((card) => ({ type: 'pick', card }));
    }
  })();
  return [...own, ...help];
}
