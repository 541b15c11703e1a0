/** SIGINT techniques, T51-T66: intercepted communications and electronic emissions. */
import { techniquesOf } from '../build.ts';

const sigint = techniquesOf('SIGINT');

export const SIGINT_TECHNIQUES = [
  sigint('T51', 'Computer Network Exploitation', 'PMEW', '5-9', {
    tags: ['cyber'],
    description:
      'Quietly breaking into a target network to copy its files and email, leaving as little trace as possible.',
  }),
  sigint('T52', 'Signals Direction Finding', 'M', '2-6', {
    description:
      'Antennas at several sites take bearings on a transmitter, and where the bearings cross is where it sits.',
  }),
  sigint('T53', 'Telephone Intercept', 'PM', '3-7', {
    tags: ['language'],
    description: 'Calls on a target line are recorded, transcribed and translated, then combed for leads.',
  }),
  sigint('T54', 'Electronic Intelligence', 'MW', '3-8', {
    description:
      'Recording the emissions of foreign radars reveals their type, location, operating modes and weaknesses.',
  }),
  sigint('T55', 'Overhead SIGINT Collection', 'PMW', '5-9', {
    tags: ['satellite'],
    description:
      'Large satellites in high orbit listen to microwave links, radars and phones across a whole region at once.',
  }),
  sigint('T56', 'Telemetry Intercept', 'W', '3-9', {
    description:
      'The data a test missile radios to its engineers during flight is intercepted to learn how the test went.',
  }),
  sigint('T57', 'Airborne SIGINT Reconnaissance', 'MW', '2-7', {
    tags: ['airborne'],
    description:
      'Aircraft fly patterns off a coast for hours to intercept military radio traffic and radar signals.',
  }),
  sigint('T58', 'Traffic Analysis', 'PE', '2-6', {
    notAffectedBy: ['Encrypted Communications'],
    description:
      'Who contacts whom, when and how often maps a network even when the content of the messages stays encrypted.',
  }),
  sigint('T59', 'Undersea Cable Access', 'PE', '5-8', {
    tags: ['cyber'],
    description:
      'Taps on fiber-optic trunk lines copy the traffic of entire countries as it passes through a landing station.',
  }),
  sigint('T60', 'Close-Access Collection', 'PME', '8-9', {
    tags: ['language'],
    description:
      'A device planted near the target, perhaps in a wall or a gift, picks up conversations at the source.',
  }),
  sigint('T61', 'Cryptanalysis', 'PMEW', '7-9', {
    notAffectedBy: ['Encrypted Communications'],
    description:
      'Mathematicians and supercomputers break a foreign cipher so that its traffic can finally be read.',
  }),
  sigint('T62', 'Embassy Listening Post', 'PE', '3-6', {
    tags: ['diplomatic-cover'],
    description:
      'Antennas hidden on an embassy roof intercept the mobile phone and radio traffic of the host capital.',
  }),
  sigint('T63', 'Mobile Phone Geolocation', 'M', '1-8', {
    onlyTargets: ['terrorism', 'crime', 'military'],
    description:
      'Tracking which cell towers a handset talks to places its owner at a time and place, and sometimes at a door.',
  }),
  sigint('T64', 'Satellite Phone Intercept', 'PM', '3-7', {
    tags: ['language'],
    description:
      'Satellite phone downlinks are intercepted, a classic way to find insurgent leaders in remote country.',
  }),
  sigint('T65', 'Financial Messaging Intercept', 'E', '2-8', {
    tags: ['cyber'],
    onlyTargets: ['economic', 'crime', 'terrorism', 'cyber'],
    description:
      'Access to international bank messaging traffic follows money as it moves between front companies and banks.',
  }),
  sigint('T66', 'Tactical Radio Intercept', 'M', '1-4', {
    tags: ['language'],
    description:
      'Listening to the handheld radios of troops and militias reveals their movements, morale and losses.',
  }),
];
