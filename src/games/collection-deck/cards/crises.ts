/**
 * The 46 crises (intelligence problems). Techniques required is also the points a crisis
 * is worth. C01 and C02 are the two known cards; the rest follow the kinds of crisis the
 * remake's reviews mention (Kenya, Russian cryptocurrency, European corruption, missile
 * testing, election interference, the one-technique "Trophies") and current events.
 */
import { crisis } from './build.ts';
import type { Crisis } from './schema.ts';

export const CRISES: readonly Crisis[] = [
  crisis('C01', 'Pakistan Nuclear Security', 'proliferation', 3, 'PMW', 9, {
    description:
      'A growing arsenal in a country fighting militants: who guards the warheads, and could any of them go missing?',
  }),
  crisis('C02', 'Iran Missile Testing', 'proliferation', 3, 'MW', 8, {
    description: 'A run of launches hints at longer ranges and better guidance than anyone had estimated.',
  }),
  crisis('C03', 'North Korean Nuclear Test Preparations', 'proliferation', 2, 'PW', 7, {
    description:
      'New tunnel work and vehicle traffic at the mountain test site suggest another device is nearly ready.',
  }),
  crisis('C04', 'Syrian Chemical Weapons Stockpile', 'proliferation', 2, 'MW', 6, {
    description:
      'Reports say part of a declared-destroyed stockpile survived and is being moved between bases.',
  }),
  crisis('C05', 'Centrifuge Parts Smuggling Network', 'proliferation', 2, 'EW', 5, {
    description:
      'A web of trading companies is buying specialty metals and valves that fit only one thing: uranium enrichment.',
  }),
  crisis('C06', 'Missing Radioactive Sources', 'proliferation', 1, 'W', 4, {
    description:
      'Medical and industrial sources from an abandoned clinic have vanished; a dirty bomb is the worry.',
  }),
  crisis('C07', 'Hypersonic Glide Vehicle Tests', 'military', 3, 'MW', 7, {
    description: 'A rival claims a warhead that maneuvers at five times the speed of sound. How real is it?',
  }),
  crisis('C08', 'Undeclared Biological Weapons Research', 'proliferation', 2, 'PW', 8, {
    description:
      'A civilian vaccine institute has a secret wing, military funding and scientists who stopped publishing.',
  }),
  crisis('C09', 'Al-Shabaab Attack in Kenya', 'terrorism', 2, 'PM', 5, {
    description:
      'Chatter and border crossings point to a cell planning to strike a crowded target in Nairobi or on the coast.',
  }),
  crisis('C10', 'Islamic State Cells Regrouping', 'terrorism', 2, 'PM', 6, {
    description:
      'Fighters freed from desert prison camps are gathering again, with money arriving from abroad.',
  }),
  crisis('C11', 'Radicalized Online Plotter', 'terrorism', 1, 'P', 6, {
    description: 'A lone young man in a chat group talks about an attack and asks where to get explosives.',
  }),
  crisis('C12', 'Aid Workers Kidnapped in the Sahel', 'terrorism', 1, 'PM', 4, {
    description:
      'Three aid workers were taken from their convoy; a rescue needs to know where they are held.',
  }),
  crisis('C13', 'Terrorist Financing Through Charities', 'terrorism', 2, 'PE', 4, {
    description: 'Donations to an orphan relief fund seem to end up paying the salaries of armed fighters.',
  }),
  crisis('C14', 'Hezbollah Weapons Pipeline', 'terrorism', 2, 'MW', 5, {
    description: 'Precision guidance kits are moving overland to Lebanon, hidden in civilian trucks.',
  }),
  crisis('C15', 'Cargo Plane Bomb Plot', 'terrorism', 3, 'MW', 7, {
    description:
      'Explosives hidden in printer cartridges are already in the air freight system. Find the parcels in time.',
  }),
  crisis('C16', 'South China Sea Island Building', 'military', 2, 'PM', 3, {
    description:
      'Dredgers turn reefs into islands with runways and radars. What will be based there, and when?',
  }),
  crisis('C17', 'Russian Troop Buildup Near Ukraine', 'military', 2, 'PM', 5, {
    description: 'Field hospitals, fuel and blood supplies are arriving. Is this an exercise or an invasion?',
  }),
  crisis('C18', 'Submarines in the North Atlantic', 'military', 2, 'MW', 7, {
    description:
      'Quiet new submarines are loitering near the undersea cables that carry transatlantic traffic.',
  }),
  crisis('C19', 'Stealth Fighter Prototype', 'military', 2, 'MW', 6, {
    description: 'A new fighter has flown. How stealthy is it, and how soon can it be built in numbers?',
  }),
  crisis('C20', 'Standoff in the Strait of Hormuz', 'military', 3, 'PME', 6, {
    description:
      'Fast boats harass tankers and a seized ship sits in port; oil prices jump with every incident.',
  }),
  crisis('C21', 'Russian Mercenaries in Central Africa', 'military', 1, 'PM', 5, {
    description:
      'A private military company guards a president and his gold mines; what does it get in return?',
  }),
  crisis('C22', 'Anti-Satellite Weapon Test', 'military', 2, 'MW', 8, {
    description:
      'A missile destroyed an old satellite in orbit. Which of our satellites could the next one reach?',
  }),
  crisis('C23', 'Ransomware Hits Hospitals', 'cyber', 1, 'PE', 4, {
    description:
      'A criminal crew has locked the records of a dozen hospitals. Who are they, and who shelters them?',
  }),
  crisis('C24', 'State Hackers Inside the Power Grid', 'cyber', 3, 'PME', 8, {
    description:
      'Implants sit dormant in the control systems of power utilities, waiting for an order that has not come.',
  }),
  crisis('C25', 'Stolen Fighter Jet Designs', 'cyber', 2, 'MW', 6, {
    description:
      'Terabytes of engineering files left a defense contractor. Who has them, and what can they build?',
  }),
  crisis('C26', 'Ministry Emails Hacked and Leaked', 'cyber', 1, 'P', 3, {
    description: 'Embarrassing emails from an allied ministry appear online days before a summit.',
  }),
  crisis('C27', 'Compromised Network Software Update', 'cyber', 3, 'PME', 9, {
    description:
      'A trusted software update carried a backdoor into thousands of networks. Find every victim and every intruder.',
  }),
  crisis('C28', 'Bank Heist Through Payment Messages', 'cyber', 2, 'E', 7, {
    description:
      'Forged payment orders drained a central bank account overnight, and the money is already in casinos abroad.',
  }),
  crisis('C29', 'Election Interference Campaign', 'political', 2, 'P', 5, {
    description:
      'Fake accounts, leaked documents and quiet donations are aimed at a close election in an allied country.',
  }),
  crisis('C30', 'Coup Plot in a Partner Country', 'political', 2, 'PM', 6, {
    description:
      'Colonels are meeting in secret and the presidential guard has changed commanders twice this month.',
  }),
  crisis('C31', "An Ailing Dictator's Succession", 'political', 3, 'P', 8, {
    description: 'The leader has not been seen for weeks. Who is really in charge, and who will be next?',
  }),
  crisis('C32', 'Mass Protests in the Capital', 'political', 1, 'P', 1, {
    description:
      'Hundreds of thousands fill the squares. Will the army side with the crowds or with the palace?',
  }),
  crisis('C33', 'Refugee Crisis on a Border', 'political', 1, 'PE', 3, {
    description: 'Tens of thousands are fleeing fighting toward a neighbor that is closing its border.',
  }),
  crisis('C34', 'Secret Peace Negotiations', 'political', 2, 'PE', 7, {
    description:
      'Two enemies are talking through a go-between. What is on the table, and who is about to walk out?',
  }),
  crisis('C35', 'Disinformation Network Targeting Allies', 'political', 1, 'P', 4, {
    description:
      'Hundreds of news sites with local names all repeat the same stories, written in the same office.',
  }),
  crisis('C36', 'Russian Cryptocurrency Affair', 'economic', 2, 'PE', 6, {
    description: 'Sanctioned oligarchs are moving fortunes through crypto exchanges that ask no questions.',
  }),
  crisis('C37', 'Shadow Fleet Evading Oil Sanctions', 'economic', 2, 'ME', 4, {
    description:
      'Old tankers with dark transponders swap cargo at sea to sell oil that is not supposed to be sold.',
  }),
  crisis('C38', 'Currency Collapse in an Oil State', 'economic', 1, 'E', 3, {
    description:
      'The currency lost half its value in a week. Will the government default, and who will bail it out?',
  }),
  crisis('C39', 'Rare Earth Export Ban', 'economic', 1, 'PE', 5, {
    description:
      'The main supplier of rare earth metals halts exports. Is it leverage, and how long can it last?',
  }),
  crisis('C40', 'Food Crisis After a Failed Harvest', 'economic', 1, 'E', 2, {
    description: 'Drought wiped out the wheat crop; bread prices are climbing and so is the anger.',
  }),
  crisis('C41', 'Advanced Chips Smuggled Past Export Controls', 'economic', 2, 'EW', 6, {
    description:
      'Restricted processors bound for weapons labs are routed through shell firms in third countries.',
  }),
  crisis('C42', 'European Crime and Corruption', 'crime', 2, 'PE', 5, {
    description:
      'A crime syndicate launders money through a small EU bank and has friends in the ministry that should stop it.',
  }),
  crisis('C43', 'Trophies', 'crime', 1, 'E', 2, {
    description:
      'Ivory and rhino horn leave Africa with the same smugglers who bring guns and bribes the other way.',
  }),
  crisis('C44', 'West African Cocaine Route', 'crime', 2, 'PE', 4, {
    description:
      'Planes from South America land on remote airstrips, and the cocaine goes north with the help of officials.',
  }),
  crisis('C45', 'Human Smuggling Ring', 'crime', 1, 'PE', 3, {
    description: 'A network charges migrants a fortune for a crossing in unseaworthy boats.',
  }),
  crisis('C46', 'Balkan Arms Trafficking', 'crime', 2, 'MW', 4, {
    description:
      'Rifles and grenades from old wartime stockpiles keep turning up in the hands of European gangs.',
  }),
];
