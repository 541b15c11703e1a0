/**
 * The seven analytic roles, exactly as the rulebook's Annex 1 (Detailed Player Roles) gives
 * them: what each may engage, what it may roll for and how it may use reports, and what it
 * gives the players collocated with it. Text written fresh.
 */
import type { Role } from './schema.ts';

export const ROLE_DATA: Role[] = [
  {
    id: 'political',
    name: 'Political Analyst',
    short: 'Political',
    mandatory: true,
    colour: 'political',
    halfDice: false,
    canLower: true,
    bonus: { kind: 'die', colour: 'political' },
    engagement: 'Places blue (political) engagement gems only.',
    reporting: 'Rolls for political reports only; a report may fill the reports circle or lower the crisis.',
    collaboration: 'Others on the same space roll one more die if any blue gem lies there.',
  },
  {
    id: 'military',
    name: 'Military Analyst',
    short: 'Military',
    mandatory: true,
    colour: 'military',
    halfDice: false,
    canLower: true,
    bonus: { kind: 'die', colour: 'military' },
    engagement: 'Places red (military) engagement gems only.',
    reporting: 'Rolls for military reports only; a report may fill the reports circle or lower the crisis.',
    collaboration: 'Others on the same space roll one more die if any red gem lies there.',
  },
  {
    id: 'economic',
    name: 'Economic Analyst',
    short: 'Economic',
    mandatory: true,
    colour: 'economic',
    halfDice: false,
    canLower: true,
    bonus: { kind: 'die', colour: 'economic' },
    engagement: 'Places green (economic) engagement gems only.',
    reporting: 'Rolls for economic reports only; a report may fill the reports circle or lower the crisis.',
    collaboration: 'Others on the same space roll one more die if any green gem lies there.',
  },
  {
    id: 'collection',
    name: 'Collection Analyst',
    short: 'Collection',
    mandatory: false,
    colour: null,
    halfDice: true,
    canLower: false,
    bonus: { kind: 'response', collectors: ['DH', 'DO', 'NGA', 'NSA', 'OSE', 'STATE'] },
    engagement: 'Places gems of any colour.',
    reporting:
      'Rolls for any kind of report with half the gems of that colour (rounded up) as dice; reports only fill the reports circle.',
    collaboration: "Others on the same space count the collector's response one higher when they roll.",
  },
  {
    id: 'leadership',
    name: 'Leadership Analyst',
    short: 'Leadership',
    mandatory: false,
    colour: 'political',
    halfDice: false,
    canLower: true,
    bonus: { kind: 'response', collectors: ['OSE', 'STATE'] },
    engagement: 'Places blue (political) engagement gems only.',
    reporting: 'Rolls for political reports only; a report may fill the reports circle or lower the crisis.',
    collaboration:
      'Others on the same space count OSE or STATE one higher on the response ladder when they roll.',
  },
  {
    id: 'stw',
    name: 'Science, Technology and Weapons Analyst',
    short: 'ST&W',
    mandatory: false,
    colour: 'military',
    halfDice: false,
    canLower: true,
    bonus: { kind: 'response', collectors: ['NGA', 'NSA'] },
    engagement: 'Places red (military) engagement gems only.',
    reporting: 'Rolls for military reports only; a report may fill the reports circle or lower the crisis.',
    collaboration:
      'Others on the same space count NGA or NSA one higher on the response ladder when they roll.',
  },
  {
    id: 'targeting',
    name: 'Targeting Analyst',
    short: 'Targeting',
    mandatory: false,
    colour: null,
    halfDice: true,
    canLower: true,
    bonus: { kind: 'response', collectors: ['NSA', 'DO', 'DH'] },
    engagement: 'Places gems of any colour.',
    reporting:
      'Rolls for any kind of report with half the gems of that colour (rounded up) as dice; a report may fill the circle or lower the crisis.',
    collaboration:
      'Others on the same space count NSA, DO or DH one higher on the response ladder when they roll.',
  },
];
