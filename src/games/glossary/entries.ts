/**
 * The tradecraft glossary's entries (issue #18): every intelligence word the games and their cards use, in
 * a sentence or two, each with its source. `/game glossary term:` reads it, private views list the
 * terms they use, and docs/glossary.md is generated from it (index.ts) (`npx tsx scripts/glossary.ts`; a test
 * checks the file matches and that every tradecraft term in the card data has an entry). Which games use an
 * entry is each game's own `glossary` list of ids (GameDefinition.glossary in contract.ts).
 */
export interface GlossaryEntry {
  /** Stable id for the slash command's value. */
  id: string;
  term: string;
  /** Other spellings a card or player may use; matched whole-word, case-sensitively for acronyms. */
  aliases?: readonly string[];
  definition: string;
  /** Where the meaning comes from: a rulebook section or a public reference. */
  source: string;
}

const ODNI = 'ODNI, “What is Intelligence?” (dni.gov/index.php/what-we-do/what-is-intelligence)';
const CD = 'Collection Deck rules (CIA, v4.3, 2012)';
const CIAI = 'CIA: Collect It All rules (2018)';
const COL = 'COLLECTION rulebook (CIA, Feb 2017)';
const KP = 'Kingpin: The Hunt for El Chapo rules of play (CIA, Sep 2015)';
const IC = 'Item Collection Game rules';

export const GLOSSARY: readonly GlossaryEntry[] = [
  // Collection disciplines
  {
    id: 'humint',
    term: 'HUMINT',
    aliases: ['human intelligence'],
    definition:
      'Human intelligence: information gathered from people, by case officers recruiting sources, by debriefing travellers and defectors, and by diplomats and attachés.',
    source: ODNI,
  },
  {
    id: 'sigint',
    term: 'SIGINT',
    aliases: ['signals intelligence'],
    definition:
      'Signals intelligence: information from intercepted communications (COMINT) and other electronic emissions such as radar (ELINT). NSA is the US lead.',
    source: ODNI,
  },
  {
    id: 'geoint',
    term: 'GEOINT',
    aliases: ['geospatial intelligence'],
    definition:
      'Geospatial intelligence: imagery (satellite and aerial photographs) and mapping data analysed to describe and locate activity on the earth. NGA is the US lead.',
    source: ODNI,
  },
  {
    id: 'masint',
    term: 'MASINT',
    aliases: ['measurement and signature intelligence'],
    definition:
      'Measurement and signature intelligence: technical data such as radar, acoustic, nuclear, chemical or seismic signatures that identify a source or an event, e.g. a missile launch or a nuclear test.',
    source: ODNI,
  },
  {
    id: 'osint',
    term: 'OSINT',
    aliases: ['open source intelligence'],
    definition:
      'Open source intelligence: publicly available information (media, broadcasts, publications, commercial data, the internet) collected and analysed for an intelligence need.',
    source: ODNI,
  },
  // Collection Deck / Collect It All
  {
    id: 'technique',
    term: 'Collection technique',
    aliases: ['technique', 'techniques'],
    definition:
      'A way of collecting, of one discipline (HUMINT, SIGINT…). On a card: the aspects it covers and the range of difficulty it can reach.',
    source: `${CD}, Components`,
  },
  {
    id: 'crisis',
    term: 'Crisis',
    aliases: ['intelligence problem', 'crises'],
    definition:
      'An intelligence problem to solve: its aspects, its difficulty (1-9) and how many techniques it needs, which are also its points. Collect It All calls problems crises.',
    source: `${CIAI}, Components: Crisis Cards`,
  },
  {
    id: 'reality-check',
    term: 'Reality check',
    aliases: ['reality checks'],
    definition:
      'Something that goes right or wrong in real collection: a card that makes a target harder or softer, counters a technique, or extends its range. Played to help your strategy or disrupt another’s.',
    source: `${CD}, Components`,
  },
  {
    id: 'collection-strategy',
    term: 'Collection strategy',
    aliases: ['strategy'],
    definition:
      'The crisis a player targets this turn and the techniques and reality checks they commit to it; each technique must share an aspect with the crisis and its range must cover the difficulty.',
    source: `${CD}, Player Turn`,
  },
  {
    id: 'aspect',
    term: 'Intelligence aspect',
    aliases: ['aspects', 'Political', 'Military', 'Economic', 'Weapons'],
    definition:
      'What a problem is about and what a technique can report on: Political, Military, Economic or Weapons. A technique fits a crisis only if they share one.',
    source: `${CIAI}, Forming a Collection Strategy`,
  },
  {
    id: 'difficulty',
    term: 'Difficulty and range',
    aliases: ['difficulty', 'range', 'spectrum'],
    definition:
      'A crisis’s difficulty (1-9) says how hard the target is; a technique’s range (the remake’s spectrum) is the difficulties it can reach.',
    source: `${CD}, Playing the Game`,
  },
  {
    id: 'field',
    term: 'The Field',
    aliases: ['Field'],
    definition:
      'The crises face up between the players (ten; five with two players in Collect It All), refilled at the end of each round.',
    source: `${CD}, Initial Setup`,
  },
  {
    id: 'disruption',
    term: 'Disruption',
    aliases: ['disrupt'],
    definition:
      'Opponents playing up to three reality checks in all against a strategy, acting as “the system”; the player may respond after each.',
    source: `${CD}, Player Turn`,
  },
  {
    id: 'hard-target',
    term: 'Hard and soft targets',
    aliases: ['Hard Target', 'Soft Target', 'Very Hard Target', 'Very Soft Target'],
    definition:
      'A hard target (a closed state, a secretive group) is hard to collect on; a soft target is easy. The cards raise or lower a crisis’s difficulty.',
    source: `${CIAI}, Additional Rules and Clarifications`,
  },
  {
    id: 'manager-challenge',
    term: 'Collection Manager Challenge',
    aliases: ['Manager Challenge'],
    definition:
      'A collection manager asks how a technique would really work against this problem; the player justifies it to the table or loses the technique.',
    source: `${CD}, Components: Reality Check Cards`,
  },
  {
    id: 'think-outside-the-box',
    term: 'Think Outside the Box',
    definition:
      'A reality check that defeats another reality check played against your technique (never a Manager Challenge).',
    source: `${CD}, Components: Reality Check Cards`,
  },
  {
    id: 'satellite',
    term: 'Satellite technique',
    aliases: ['satellite'],
    definition:
      'Collection from orbit (imagery, some signals and measurement collection); certain reality checks, like a launch failure or cloud cover, hit only these.',
    source: `${CIAI}, Components: Technique Cards`,
  },
  {
    id: 'self-defeatist',
    term: 'Self-defeatist rule',
    definition:
      'No player may counter their own techniques or otherwise defeat their own strategy, e.g. to get rid of cards.',
    source: `${CD}, Self-Defeatist Rule`,
  },
  {
    id: 'resolution',
    term: 'Resolution card',
    aliases: ['Resolution'],
    definition:
      'In the storytelling variant, drawn to say how an operation turned out: “Success, and…”, “Success, but…”, “Failure, but…” or “Failure, and…”.',
    source: `${CIAI}, Storytelling Rules`,
  },
  // COLLECTION
  {
    id: 'scenario',
    term: 'Scenario',
    aliases: ['scenarios'],
    definition:
      'A crisis the analysts work on together (three open at once), asking for a mix of ten political, military and economic reports before its crisis level reaches the top.',
    source: `${COL}, 2.2 The Game Board`,
  },
  {
    id: 'collector',
    term: 'Collector',
    aliases: ['collectors'],
    definition:
      'An agency that collects intelligence (DH, DO, NGA, NSA, OSE, STATE). Analysts do not collect: they engage collectors, who generate reports.',
    source: `${COL}, 2.2 The Game Board`,
  },
  {
    id: 'engagement',
    term: 'Engagement',
    aliases: ['engage', 'engagement gem'],
    definition:
      'An analyst’s effort to get a collector working on a scenario, shown by an engagement gem of the kind of reporting wanted; the first gem puts the collector’s coin on the response ladder.',
    source: `${COL}, 6.1 Engaging Collectors`,
  },
  {
    id: 'response-level',
    term: 'Response level',
    aliases: ['response ladder'],
    definition:
      'How much effort a collector puts against a scenario: its coin’s place on the response ladder. The higher it stands, the easier it is to get reporting.',
    source: `${COL}, 2.2 The Game Board: Response Ladder`,
  },
  {
    id: 'crisis-level',
    term: 'Crisis level',
    aliases: ['crisis ladder'],
    definition:
      'How bad a scenario has become; it rises with events and falls with useful reporting. A scenario at the top of its ladder is lost.',
    source: `${COL}, 2.2 The Game Board: Crisis Ladder`,
  },
  {
    id: 'report',
    term: 'Report',
    aliases: ['reports', 'reports circle', 'reporting'],
    definition:
      'Intelligence a collector produces when an analyst rolls for reporting; it fills the scenario’s reports circle or lowers its crisis.',
    source: `${COL}, 6.2 Rolling for Reporting`,
  },
  {
    id: 'affinity',
    term: 'Affinity',
    definition:
      'The two kinds of reporting (political, military, economic) a collector is suited to; it takes engagement and gives reports only in those.',
    source: `${COL}, 2.2 The Game Board: Collector Spaces`,
  },
  {
    id: 'collocation',
    term: 'Collocation',
    aliases: ['collocated'],
    definition:
      'Analysts working at the same collector on the same scenario, each adding what their role brings to the others: one more die (Political, Military, Economic, when a gem of their colour is there) or the collector counted one higher on the response ladder (the other roles).',
    source: `${COL}, 2.1 Player Roles`,
  },
  {
    id: 'dh',
    term: 'DH',
    aliases: ['Defense HUMINT', 'DIA'],
    definition:
      'Defense HUMINT: the Defense Intelligence Agency’s human-intelligence service, collecting for the military.',
    source: 'DIA, “Defense Clandestine Service” (dia.mil)',
  },
  {
    id: 'do',
    term: 'DO',
    aliases: ['Directorate of Operations', 'CIA'],
    definition:
      'CIA’s Directorate of Operations, its clandestine service: the lead for human-intelligence collection abroad.',
    source: 'CIA, “Directorate of Operations” (cia.gov)',
  },
  {
    id: 'nga',
    term: 'NGA',
    aliases: ['National Geospatial-Intelligence Agency'],
    definition: 'The National Geospatial-Intelligence Agency, the US lead for GEOINT.',
    source: ODNI,
  },
  {
    id: 'nsa',
    term: 'NSA',
    aliases: ['National Security Agency'],
    definition:
      'The National Security Agency, the US lead for SIGINT and for protecting government communications.',
    source: ODNI,
  },
  {
    id: 'ose',
    term: 'OSE',
    aliases: ['Open Source Enterprise'],
    definition: 'CIA’s Open Source Enterprise (before 2015 the Open Source Center), the US lead for OSINT.',
    source: 'CIA, “Open Source Enterprise” (cia.gov)',
  },
  {
    id: 'state',
    term: 'STATE',
    aliases: ['Department of State', 'INR'],
    definition:
      'The Department of State: its diplomats report openly on the countries they serve in, and its Bureau of Intelligence and Research (INR) is its intelligence element.',
    source: ODNI,
  },
  // Kingpin
  {
    id: 'nexus',
    term: 'Nexus',
    definition:
      'People with a mainly personal relationship to the target (family, partners). Their topography cards link to his Needs and Defenses.',
    source: `${KP}, 1 Introduction: Topography Cards`,
  },
  {
    id: 'support',
    term: 'Support',
    definition:
      'People who help the target run his organisation or evade capture (lieutenants, pilots, lawyers, guards).',
    source: `${KP}, 1 Introduction: Topography Cards`,
  },
  {
    id: 'topography',
    term: 'Topography',
    aliases: ['network topography'],
    definition:
      'The map of a target’s network: the Nexus and Support people around him and the links between them.',
    source: `${KP}, 1 Introduction: Topography Cards`,
  },
  {
    id: 'needs',
    term: 'Needs',
    aliases: ['Need'],
    definition:
      'What the target must keep doing — personal (family, health) or operational (money, shipments) — that exposes him to the hunters.',
    source: `${KP}, 2.0 The Cartel: Add Needs Cards`,
  },
  {
    id: 'defense',
    term: 'Defense',
    aliases: ['Defenses', 'Exposure', 'Detection', 'Mobility'],
    definition:
      'What protects the target: exposure, detection and mobility defenses (guards, lookouts, tunnels, escape routes).',
    source: `${KP}, 2.0 The Cartel: Defense Actions`,
  },
  {
    id: 'find',
    term: 'Find',
    aliases: ['Found'],
    definition:
      'The first step of the F3 cycle (Find, Fix, Finish): discover that a person, place or thing exists and roughly where.',
    source: `${KP}, 1 Introduction: Layout; US Army FM 3-60 The Targeting Process (F3EAD)`,
  },
  {
    id: 'fix',
    term: 'Fix',
    aliases: ['Fixed'],
    definition:
      'Locate a target precisely and keep it under watch long enough to act; in the game Fixed cards move to the public board.',
    source: `${KP}, 1 Introduction: Layout; US Army FM 3-60 (F3EAD)`,
  },
  {
    id: 'finish',
    term: 'Finish',
    aliases: ['Finished'],
    definition:
      'Act on a fixed target: an arrest, a seizure, the capture itself. Topography cards are never Finished.',
    source: `${KP}, 3.0 The Hunters: Resolving Police and Marina`,
  },
  {
    id: 'lead',
    term: 'Lead',
    aliases: ['Leads'],
    definition: 'A marker naming a Location where a linked Defense or Need is in play: something to pursue.',
    source: `${KP}, 1 Introduction: Leads`,
  },
  {
    id: 'link',
    term: 'Link',
    aliases: ['Links', 'Linked'],
    definition:
      'On a person of Chapo’s network, the other cards they lead to: Support people, Needs and Defenses. Hunters follow Links from a found person towards Chapo; a Lead marks where a Linked Need or Defense is in play.',
    source: `${KP}, 1 Introduction: Topography Cards, Leads`,
  },
  {
    id: 'record',
    term: 'Record',
    aliases: ['Records'],
    definition:
      'A marker noting the last time a Hunter asset looked somewhere and whether it found something or nothing.',
    source: `${KP}, 1 Introduction: Records`,
  },
  {
    id: 'marina',
    term: 'Marina',
    definition:
      'The Mexican Navy (Secretaría de Marina) and its marines, who made the 2014 and 2016 captures; the Hunters’ strongest enforcement asset.',
    source: `${KP}, 1 Introduction: Hunter Assets`,
  },
  // General
  {
    id: 'tradecraft',
    term: 'Tradecraft',
    definition:
      'The methods and skills of intelligence work: collecting, handling sources, analysing and protecting it.',
    source: 'CIA, “Glossary” (cia.gov)',
  },
  {
    id: 'facilitator',
    term: 'Facilitator',
    definition:
      'The instructor who runs a training game without playing, judges disputes and leads the debrief.',
    source: `${CD}, Components`,
  },
  {
    id: 'prisoners-dilemma',
    term: 'Prisoner’s dilemma',
    definition:
      'A game in which each player does better alone by not cooperating, yet all do better if everyone cooperates: the trust problem behind the Item Collection Game.',
    source: `${IC}, Objective and Theme`,
  },
  {
    id: 'icbm',
    term: 'ICBM',
    definition:
      'Intercontinental ballistic missile: a missile with a range over 5,500 km, a classic MASINT and GEOINT target.',
    source: 'Arms Control Association, “Missile fact sheet”',
  },
  {
    id: 'isil',
    term: 'ISIL',
    aliases: ['ISIS'],
    definition:
      'The Islamic State of Iraq and the Levant, a terrorist group the US designated in 2004 (as al-Qa’ida in Iraq).',
    source: 'US State Department, Foreign Terrorist Organizations',
  },
];

/** Capitalised words in card data that are not tradecraft (country or everyday abbreviations). */
export const NOT_TRADECRAFT: readonly string[] = ['EU', 'SUV', 'ST'];
