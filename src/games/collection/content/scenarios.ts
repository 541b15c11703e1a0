/**
 * The twelve scenario cards: real intelligence problems of the 2010s, each with the mix of ten
 * political, military and economic reports policymakers need to manage it. Text written fresh.
 */
import type { ScenarioCard } from './schema.ts';

const needs = (political: number, military: number, economic: number) => ({ political, military, economic });

export const SCENARIO_DATA: ScenarioCard[] = [
  {
    id: 'S01',
    title: 'North Korean Missile Tests',
    brief:
      'Pyongyang fires missiles of longer range month after month. How close is a working ICBM, and who in Beijing will lean on the regime?',
    needs: needs(3, 6, 1),
  },
  {
    id: 'S02',
    title: 'Iran Nuclear Negotiations',
    brief:
      'Talks on enrichment limits drag on while centrifuges spin. Will Tehran accept inspections, and how much do sanctions hurt?',
    needs: needs(4, 3, 3),
  },
  {
    id: 'S03',
    title: 'Venezuela in Freefall',
    brief:
      'Oil revenue collapses, shelves empty and the government leans on the army. Who holds Caracas together, and for how long?',
    needs: needs(3, 2, 5),
  },
  {
    id: 'S04',
    title: 'Russian Forces on the Ukrainian Border',
    brief:
      'Battalion groups gather under the banner of exercises. Is this pressure or an invasion, and what would sanctions cost Moscow?',
    needs: needs(3, 5, 2),
  },
  {
    id: 'S05',
    title: 'Island Building in the South China Sea',
    brief:
      'Dredgers turn reefs into runways. Which outposts will take fighters and missiles, and how will neighbours answer?',
    needs: needs(3, 5, 2),
  },
  {
    id: 'S06',
    title: 'Chemical Weapons in Syria',
    brief:
      'Reports of nerve agent attacks near Damascus. Which units hold the stockpile, and will the regime give it up?',
    needs: needs(4, 5, 1),
  },
  {
    id: 'S07',
    title: 'Ebola in West Africa',
    brief:
      'An outbreak outruns clinics in three countries. Will governments hold, borders close, and trade and harvests collapse?',
    needs: needs(4, 1, 5),
  },
  {
    id: 'S08',
    title: 'Piracy off the Horn of Africa',
    brief:
      'Skiffs seize tankers far out to sea. Who finances the gangs, where are the hostages held, and which navies will act?',
    needs: needs(2, 4, 4),
  },
  {
    id: 'S09',
    title: 'Military Takeover in Egypt',
    brief:
      'The army removes an elected president amid mass protests. Who now rules, what will the Brotherhood do, and will Gulf money flow?',
    needs: needs(6, 3, 1),
  },
  {
    id: 'S10',
    title: 'Oil Price Collapse',
    brief:
      'Crude loses half its price in months. Which producers crack first, and does anyone use the slump to squeeze a rival?',
    needs: needs(3, 1, 6),
  },
  {
    id: 'S11',
    title: 'ISIL Seizes Mosul',
    brief:
      'A militant army takes Iraq\u2019s second city and its bank vaults. How strong is it, who funds it, and will Baghdad hold?',
    needs: needs(3, 5, 2),
  },
  {
    id: 'S12',
    title: 'Eurozone Debt Crisis in Greece',
    brief:
      'Athens cannot roll over its debt and banks ration cash. Will it leave the euro, and who falls next if it does?',
    needs: needs(5, 0, 5),
  },
];
