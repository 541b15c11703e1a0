/**
 * The reference sheets the rulebook hands every player at setup (1 Introduction, "Reference
 * sheets"): the Initial Investigation and Hunter Constraints brief, and the Player Aid card. The
 * rulebook names them without printing them; this text is written fresh from its rules and the
 * 2001-2014 manhunt. Public: both teams get the same sheets.
 */
import { z } from 'zod';

export const sheetSchema = z
  .object({
    id: z.string().regex(/^sheet-[a-z-]+$/),
    title: z.string().min(3).max(60),
    /** Discord Markdown: lists, bold, no tables, headings at most ###. */
    text: z
      .string()
      .min(50)
      .max(1800)
      .refine((t) => !t.includes('|') && !/^#{4,}/m.test(t), 'Discord Markdown subset'),
  })
  .strict();
export type Sheet = z.infer<typeof sheetSchema>;

const RAW: Sheet[] = [
  {
    id: 'sheet-brief',
    title: 'Initial Investigation and Hunter Constraints',
    text: [
      '**Situation.** Joaquín Guzmán Loera, "El Chapo", escaped Puente Grande prison in 2001 and runs the Sinaloa Cartel on the move, between the Sierra Madre and the Pacific coast. Nobody outside his circle knows where he sleeps.',
      '**What the investigation holds.** Files on fifteen people around him, not yet confirmed: six Nexus (family and his partner) and nine Support (protection, logistics, communications, transport, finance). Only their kind and subtype are known: they lie face down in the Found area.',
      '**Hunter Constraints.**',
      '- Intelligence (white) works on people: a face-down Nexus is found outright, a face-down Support on a 4-6, a found Nexus leads to one linked Support, a Lead is pursued on a 4-6. Intelligence never goes to a Location.',
      '- Police (blue) and the Marina (black) act only in the Fixed area: Locations, Leads of Fixed people, Fixed Needs and Defenses.',
      '- Only the Marina captures, and only where Chapo is Fixed. Everything else the Cartel has Fixed can be Finished.',
      '- One more Intelligence pawn each turn, up to six; three Police and one Marina. Cartel Defenses may take pawns away or stop an action; a Hidden one is announced only as used.',
      '- Eight turns. Capture him and you win; if he stays free, the Cartel wins with half the Needs circles filled, otherwise it is a draw.',
    ].join('\n'),
  },
  {
    id: 'sheet-aid',
    title: 'Player Aid',
    text: [
      '**Cartel turn** (behind the screen): up to 3 actions, at most 2 for Chapo.',
      '- Chapo: move him anywhere (Hidden to Fixed allowed, never back), or Fulfil one Need at his Location (once a turn).',
      '- Defense: place an unplayed one in a legal box (1 action, 2 if $$), or move one on its board (1 or 2 actions).',
      '- Draw a Needs card at any time (free) and place it on suitable terrain.',
      '**Hunter turn**, in order:',
      '1. Plan Intelligence on topography cards or their Leads, confirm, resolve in any order.',
      '2. Move any card with a Lead to its Fixed Location (any time).',
      '3. Plan Police and the Marina on Locations, Leads or Fixed cards, confirm, resolve.',
      '**Police on a 4-6:** at a Location, the Cartel Fixes one thing Hidden there; on a Lead, the linked cards are Fixed; on a Fixed card, it is Finished (and Chapo Fixed if he is there).',
      '**Marina:** a sure Police result; where Chapo is Fixed, capture.',
      '**Words:** Found = face up; Fixed = on the public board; Finished = removed.',
    ].join('\n'),
  },
];

export const SHEETS: readonly Sheet[] = RAW.map((s) => sheetSchema.parse(s));
