/**
 * The 55 reality checks. Copies share a name but never an id. Counters name a discipline
 * and/or a tag; when both are given a technique must match both (Cloud Cover only blinds
 * satellite imagery, not satellite SIGINT). R44-R55 are the 12 Collection Manager Challenges
 * that the hardcore variant and the remake's default game remove.
 */
import {
  managerChallenge,
  THINK_OUTSIDE_THE_BOX,
  addAspect,
  counter,
  difficultyDelta,
  extendRange,
  realityCheck,
} from './build.ts';
import type { RealityCheck } from './schema.ts';

const TARGETS = [
  realityCheck('R01', 'Very Soft Target', difficultyDelta(-2), {
    description:
      'The target is careless: it talks on open lines and parks its trucks in plain view. Difficulty -2.',
  }),
  realityCheck('R02', 'Very Soft Target', difficultyDelta(-2), {
    description:
      'A disgruntled insider on the other side has started posting everything online. Difficulty -2.',
  }),
  realityCheck('R03', 'Soft Target', difficultyDelta(-1), {
    description: 'The target has grown sloppy after years without trouble. Difficulty -1.',
  }),
  realityCheck('R04', 'Soft Target', difficultyDelta(-1), {
    description:
      'A friendly government already watches this target and lets you look over its shoulder. Difficulty -1.',
  }),
  realityCheck('R05', 'Soft Target', difficultyDelta(-1), {
    description: 'The operation has to move fast, and haste leaves traces. Difficulty -1.',
  }),
  realityCheck('R06', 'Hard Target', difficultyDelta(1), {
    description: 'The target has been trained in counter-surveillance. Difficulty +1.',
  }),
  realityCheck('R07', 'Hard Target', difficultyDelta(1), {
    description: 'A local security service protects the target and watches every foreigner. Difficulty +1.',
  }),
  realityCheck('R08', 'Hard Target', difficultyDelta(1), {
    description: 'The key facts live in only a few heads, and those heads never travel. Difficulty +1.',
  }),
  realityCheck('R09', 'Very Hard Target', difficultyDelta(2), {
    description: 'A closed society with no embassies, no internet and no visitors. Difficulty +2.',
  }),
  realityCheck('R10', 'Really Hard Target', difficultyDelta(2), {
    description:
      'The target compartments everything and assumes every phone and visitor is hostile. Difficulty +2.',
  }),
];

const DISCIPLINE_COUNTERS = [
  realityCheck('R11', 'Misinformed Source', counter({ discipline: 'HUMINT' }), {
    description: 'Your source believed what he told you; he was simply wrong. Counters one HUMINT technique.',
  }),
  realityCheck('R12', 'Asset Arrested', counter({ discipline: 'HUMINT' }), {
    description:
      'Counterintelligence has picked up your agent on the way to a meeting. Counters one HUMINT technique.',
  }),
  realityCheck('R13', 'Fabricator', counter({ discipline: 'HUMINT' }), {
    description: 'The reporting was invented to keep the payments coming. Counters one HUMINT technique.',
  }),
  realityCheck('R14', 'Encrypted Communications', counter({ discipline: 'SIGINT' }), {
    description: 'The target adopts strong end-to-end encryption. Counters one SIGINT technique.',
  }),
  realityCheck('R15', 'Switched to Couriers', counter({ discipline: 'SIGINT' }), {
    description:
      'Orders now travel by hand on memory sticks; nothing goes over the air. Counters one SIGINT technique.',
  }),
  realityCheck('R16', 'Radio Silence', counter({ discipline: 'SIGINT' }), {
    description:
      'Every network you monitor falls quiet at once, which is alarming in itself. Counters one SIGINT technique.',
  }),
  realityCheck('R17', 'Camouflage and Concealment', counter({ discipline: 'GEOINT' }), {
    description:
      'Nets, decoys and paint make the site look like a farm from above. Counters one GEOINT technique.',
  }),
  realityCheck('R18', 'Underground Facility', counter({ discipline: 'GEOINT' }), {
    description: 'The work has moved into tunnels deep under a mountain. Counters one GEOINT technique.',
  }),
  realityCheck('R19', 'Sensor Malfunction', counter({ discipline: 'MASINT' }), {
    description:
      'The instrument was miscalibrated and months of readings are useless. Counters one MASINT technique.',
  }),
  realityCheck('R20', 'Signature Masking', counter({ discipline: 'MASINT' }), {
    description:
      'The target shields its heat, sound and emissions so they blend into the background. Counters one MASINT technique.',
  }),
  realityCheck('R21', 'State Media Disinformation', counter({ discipline: 'OSINT' }), {
    description: 'Official outlets flood the story with plausible lies. Counters one OSINT technique.',
  }),
  realityCheck('R22', 'Internet Shutdown', counter({ discipline: 'OSINT' }), {
    description: 'The government has switched off the national internet. Counters one OSINT technique.',
  }),
];

const SATELLITE_COUNTERS = [
  realityCheck('R23', 'Cloud Cover', counter({ discipline: 'GEOINT', tag: 'satellite' }), {
    description: 'Monsoon cloud hides the target for weeks. Counters one satellite-based GEOINT technique.',
  }),
  realityCheck('R24', 'Satellite Maneuvering', counter({ tag: 'satellite' }), {
    description:
      'Your satellite must burn fuel to dodge debris and is off station when it matters. Counters one satellite technique.',
  }),
  realityCheck('R25', 'Overflight Schedule Known', counter({ tag: 'satellite' }), {
    description:
      'The target knows when satellites pass and stops work until they are gone. Counters one satellite technique.',
  }),
];

const TAG_AND_GENERIC_COUNTERS = [
  realityCheck('R26', 'Linguists Reassigned', counter({ tag: 'language' }), {
    description:
      'Your translators were moved to a higher priority. Counters one technique that depends on language skills.',
  }),
  realityCheck('R27', 'Persona Non Grata', counter({ tag: 'diplomatic-cover' }), {
    description: 'The host country expels your officer. Counters one technique run under diplomatic cover.',
  }),
  realityCheck('R28', 'Network Patched', counter({ tag: 'cyber' }), {
    description: 'The target fixed the flaw your access relied on. Counters one cyber technique.',
  }),
  realityCheck('R29', 'Airspace Closed', counter({ tag: 'airborne' }), {
    description:
      'New air defenses and a flight ban keep your aircraft far from the target. Counters one airborne technique.',
  }),
  realityCheck('R30', 'Liaison Partner Withholds', counter({ tag: 'liaison' }), {
    description:
      'A partner service stops sharing after a political quarrel. Counters one technique that relies on liaison.',
  }),
  realityCheck('R31', 'Budget Cuts', counter(), {
    description: 'Congress trims the program that paid for this collection. Counters any one technique.',
  }),
];

const HELPERS = [
  realityCheck('R32', 'Cross-Cueing', extendRange(1), {
    description:
      'A tip from another discipline tells your collectors exactly where to look. Range +1 at both ends.',
  }),
  realityCheck('R33', 'Interagency Task Force', extendRange(1), {
    description: 'Agencies pool people and data on this one problem. Range +1 at both ends.',
  }),
  realityCheck('R34', 'Surge Collection', extendRange(1), {
    description: 'Extra shifts and platforms are thrown at the target for a month. Range +1 at both ends.',
  }),
  realityCheck('R35', 'Presidential Priority', extendRange(2), {
    description: 'The President asks about this every morning; every door opens. Range +2 at both ends.',
  }),
  realityCheck('R36', 'Follow the Money', addAspect('E'), {
    description: 'Payments and contracts tell the story too. The technique also covers the Economic aspect.',
  }),
  realityCheck('R37', 'Regional Expertise', addAspect('P'), {
    description:
      'An analyst who has lived there reads the politics behind the facts. The technique also covers the Political aspect.',
  }),
  realityCheck('R38', 'Weapons Expertise', addAspect('W'), {
    description:
      'An engineer on loan from a national lab interprets the technical details. The technique also covers the Weapons aspect.',
  }),
];

const THINK_OUTSIDE = [
  realityCheck('R39', 'Think Outside the Box', THINK_OUTSIDE_THE_BOX, {
    description:
      'An unorthodox approach routes around the obstacle. Defeats a reality check played on your technique.',
  }),
  realityCheck('R40', 'Think Outside the Box', THINK_OUTSIDE_THE_BOX, {
    description:
      'A junior analyst asks the question nobody else thought of. Defeats a reality check played on your technique.',
  }),
  realityCheck('R41', 'Think Outside the Box', THINK_OUTSIDE_THE_BOX, {
    description:
      'You borrow a method from another field entirely. Defeats a reality check played on your technique.',
  }),
  realityCheck('R42', 'Think Outside the Box', THINK_OUTSIDE_THE_BOX, {
    description:
      'A red team finds the gap in the opposition plan. Defeats a reality check played on your technique.',
  }),
  realityCheck('R43', 'Think Outside the Box', THINK_OUTSIDE_THE_BOX, {
    description:
      'Old records in the archive answer a brand new question. Defeats a reality check played on your technique.',
  }),
];

// Each challenge prompts a different angle of justification; the verdict is the table's.
const MANAGER_CHALLENGE_PROMPTS = [
  'Who exactly would collect this, and how would they get close enough?',
  'What would this technique actually see or hear about this crisis?',
  'Why is this the right technique rather than a cheaper one?',
  'How would the target notice this collection, and what then?',
  'How soon would the first useful report arrive?',
  'Which question would this answer that we cannot answer already?',
  'What legal or policy approval would this need, and would you get it?',
  'How would you know the reporting is true?',
  'What would it cost in money, people or risk to a source?',
  'How would the result reach the analyst who needs it?',
  'Which partner or platform would you depend on, and is it available?',
  'What would you do if the target changed its habits tomorrow?',
];

const MANAGER_CHALLENGES = MANAGER_CHALLENGE_PROMPTS.map((prompt, index) =>
  realityCheck(`R${44 + index}`, 'Collection Manager Challenge', managerChallenge(prompt), {
    description: `${prompt} Justify the technique to the table or lose it.`,
  }),
);

export const REALITY_CHECKS: readonly RealityCheck[] = [
  ...TARGETS,
  ...DISCIPLINE_COUNTERS,
  ...SATELLITE_COUNTERS,
  ...TAG_AND_GENERIC_COUNTERS,
  ...HELPERS,
  ...THINK_OUTSIDE,
  ...MANAGER_CHALLENGES,
];
