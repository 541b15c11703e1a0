/** HUMINT techniques, T13-T27: people who tell us things, willingly or not. */
import { techniquesOf } from '../build.ts';

const humint = techniquesOf('HUMINT');

export const HUMINT_TECHNIQUES = [
  humint('T13', 'Foreign Material Exploitation', 'MW', '3-7', {
    notAffectedBy: ['Persona Non Grata'],
    description:
      'Getting hold of a foreign weapon or component and taking it apart to learn how it works and how well it is built.',
  }),
  humint('T14', 'Recruited Agent', 'PMEW', '6-9', {
    tags: ['diplomatic-cover'],
    description:
      'A case officer working from the embassy recruits an insider who passes secrets from inside the target.',
  }),
  humint('T15', 'Walk-In Volunteer', 'PW', '2-8', {
    tags: ['diplomatic-cover'],
    description:
      'A stranger arrives at the embassy gate offering secrets; the hard part is proving he is genuine.',
  }),
  humint('T16', 'Dead Drop', 'PMEW', '6-8', {
    description:
      'A loose brick or hollow spike lets an agent leave documents for his handler without the two ever meeting.',
  }),
  humint('T17', 'Liaison Reporting', 'PM', '1-6', {
    tags: ['liaison'],
    description:
      'A friendly foreign service shares what its own sources have learned, on its own terms and timing.',
  }),
  humint('T18', 'Defector Debriefing', 'PMW', '5-8', {
    description:
      'An official who has fled a hostile regime is questioned for weeks about the people, plans and programs he knew.',
  }),
  humint('T19', 'Embassy Political Reporting', 'PME', '1-3', {
    tags: ['diplomatic-cover'],
    description:
      'Diplomats meet ministers, opposition leaders and bankers, and cable home what the capital is really saying.',
  }),
  humint('T20', 'Defense Attache Observation', 'PMW', '2-4', {
    tags: ['diplomatic-cover'],
    description:
      'Uniformed attaches attend parades, visit units and note the military traffic on roads around the capital.',
  }),
  humint('T21', 'Detainee Interrogation', 'PM', '3-7', {
    tags: ['language', 'liaison'],
    onlyTargets: ['terrorism', 'military', 'crime'],
    description:
      'Captured fighters held by a partner service are questioned about their networks, plans and hideouts.',
  }),
  humint('T22', 'Legal Traveler Debriefing', 'PEW', '2-4', {
    description:
      'Engineers and businesspeople back from a trip abroad describe the plants, labs and people they saw there.',
  }),
  humint('T23', 'Non-Official Cover Officer', 'PE', '5-9', {
    notAffectedBy: ['Persona Non Grata'],
    description:
      'An officer posing as a businessperson, with no diplomatic protection, builds access where embassies cannot reach.',
  }),
  humint('T24', 'Elicitation', 'PE', '2-5', {
    tags: ['language'],
    description: 'A friendly chat over conference coffee draws out details the speaker never meant to share.',
  }),
  humint('T25', 'Local Informant Network', 'M', '3-6', {
    tags: ['language'],
    onlyTargets: ['terrorism', 'crime', 'military'],
    description:
      'Paid informants in villages and markets report on armed men and cargo moving through their area.',
  }),
  humint('T26', 'Expert Consultation', 'PEW', '1-3', {
    description:
      'Outside scholars and industry specialists explain a country, market or technology the agency knows too little about.',
  }),
  humint('T27', 'Double Agent Operation', 'PMW', '7-9', {
    description:
      'An agent the adversary thinks is theirs feeds them chosen information and reveals what their handlers want to know.',
  }),
];
