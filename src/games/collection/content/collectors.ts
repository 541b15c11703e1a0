/**
 * The six collectors and their two affinity colours. The scan of the board does not show the
 * colours, so each pair follows what the agency really collects (docs/rules/collection.md
 * explains each); every colour appears on exactly four collectors, so no analyst is starved.
 */
import type { CollectorInfo } from './schema.ts';

export const COLLECTOR_DATA: CollectorInfo[] = [
  {
    id: 'DH',
    name: 'Defense HUMINT',
    discipline: 'HUMINT (DIA)',
    affinity: ['military', 'economic'],
    why: 'DIA case officers and attachés recruit sources on foreign forces, weapons programmes, the defence industry and arms deals: military first, then the money and factories behind them.',
  },
  {
    id: 'DO',
    name: 'CIA Directorate of Operations',
    discipline: 'HUMINT (CIA)',
    affinity: ['political', 'military'],
    why: 'Clandestine sources close to leaders report plans and intentions: leadership politics and what the generals will do.',
  },
  {
    id: 'NGA',
    name: 'National Geospatial-Intelligence Agency',
    discipline: 'GEOINT',
    affinity: ['military', 'economic'],
    why: 'Imagery shows deployments, missile sites and shipyards, and also harvests, oil storage, ports and factory activity.',
  },
  {
    id: 'NSA',
    name: 'National Security Agency',
    discipline: 'SIGINT',
    affinity: ['political', 'military'],
    why: 'Intercepted leadership and military communications: what governments say to each other and how armed forces are commanded.',
  },
  {
    id: 'OSE',
    name: 'Open Source Enterprise',
    discipline: 'OSINT',
    affinity: ['political', 'economic'],
    why: 'Foreign media, speeches, markets and trade statistics: public politics and the published economy.',
  },
  {
    id: 'STATE',
    name: 'Department of State',
    discipline: 'Diplomatic reporting (INR)',
    affinity: ['political', 'economic'],
    why: 'Embassy political and economic sections report on governments, elections, sanctions and trade; diplomats rarely report on forces.',
  },
];
