/** OSINT techniques, T39-T50: what anyone could read, if they knew where to look and had the time. */
import { techniquesOf } from '../build.ts';

const osint = techniquesOf('OSINT');

export const OSINT_TECHNIQUES = [
  osint('T39', 'Foreign Media Transcription', 'PMEW', '1-7', {
    notAffectedBy: ['Linguists Reassigned'],
    description:
      'Foreign outlets that publish in English go straight to analysts as transcripts, with no translator in the loop.',
  }),
  osint('T40', 'Social Media Analysis', 'PE', '1-6', {
    tags: ['language'],
    description:
      'Analysts sift posts, videos and networks of accounts to read the public mood and spot who is organizing.',
  }),
  osint('T41', 'Broadcast Monitoring', 'PM', '1-5', {
    tags: ['language'],
    description:
      'Foreign radio and television are recorded around the clock, translated and summarized for analysts.',
  }),
  osint('T42', 'Corporate Registry Research', 'PE', '2-6', {
    description:
      'Company registers, property records and shareholder filings reveal who really owns a firm and who fronts for whom.',
  }),
  osint('T43', 'Scientific Literature Review', 'EW', '3-7', {
    tags: ['language'],
    description:
      'Papers, patents and conference talks by foreign scientists show how far a weapons or technology program has come.',
  }),
  osint('T44', 'Grey Literature', 'P', '1-4', {
    notAffectedBy: ['Budget Cuts'],
    description:
      'Reports from aid groups, think tanks and journalists cover places no official can visit, and cost nothing.',
  }),
  osint('T45', 'Blockchain Analysis', 'E', '2-9', {
    onlyTargets: ['economic', 'crime', 'cyber', 'terrorism'],
    description:
      'Following cryptocurrency through public ledgers links anonymous wallets to exchanges, and exchanges to people.',
  }),
  osint('T46', 'Public Records and Court Filings', 'PME', '1-2', {
    description:
      'Court cases, procurement notices and official gazettes are mined for names, contracts and quarrels.',
  }),
  osint('T47', 'Dark Web Monitoring', 'EW', '4-7', {
    tags: ['cyber'],
    onlyTargets: ['crime', 'cyber', 'terrorism'],
    description:
      'Analysts watch hidden markets and forums where stolen data, weapons and software exploits change hands.',
  }),
  osint('T48', 'Trade Flow Analysis', 'EW', '2-6', {
    description:
      'Customs statistics and shipping manifests show goods taking odd detours, the classic sign of sanctions evasion.',
  }),
  osint('T49', 'Leadership Speech Analysis', 'PME', '2-4', {
    tags: ['language'],
    description:
      'A close reading of speeches, communiques and party newspapers picks up small shifts in official policy.',
  }),
  osint('T50', 'Flight and Ship Tracking Networks', 'ME', '1-4', {
    description:
      'Hobbyist receivers logging aircraft and ship transponders reveal unusual flights and port calls within minutes.',
  }),
];
