/**
 * The seed is the deal (issue #23). The engines are open source and fully determined by their
 * seed, so whoever knows it can work out every hand, face-down card, blind draw and screened
 * die. A table's seed is therefore a secret of 128 random bits (newSeed) that no message shows
 * while the game runs; the debrief and the export reveal it once the game has ended, so the game
 * can be replayed and reviewed. A seed someone chose with `seed:` (one deal at several tables) is
 * shown only to them; everyone else reads that the deal is fixed. The tables of a study session
 * share one seed, so it stays hidden until the last of them has ended.
 */
import type { Session } from '../../storage/session.ts';
import type { Study } from '../../storage/study.ts';
import type { SeedReveal } from '../discord/seed-text.ts';
import type { TableService } from './service.ts';

export type { SeedReveal } from '../discord/seed-text.ts';

const STUDY_WITHHELD =
  'The seed stays secret until every table of the study session has ended: they are all dealt from it.';

/** Whether the sessions of `study` (other than `except`) have all ended. */
async function studyOver(tables: TableService, study: Study, except?: string): Promise<boolean> {
  for (const channelId of study.tables) {
    if (channelId === except) continue;
    const other = await tables.load(channelId);
    if (other && other.status !== 'ended' && other.deal?.study === study.id) return false;
  }
  return true;
}

/** Whether the seed of this table may be shown to everyone now. */
export async function revealSeed(tables: TableService, session: Session): Promise<SeedReveal> {
  if (session.status !== 'ended') return { shown: false, why: 'The seed stays secret while the game runs.' };
  const studyId = session.deal?.study;
  const study = studyId === undefined ? null : await tables.deps.store.loadStudy(studyId);
  if (study && !(await studyOver(tables, study, session.channelId)))
    return { shown: false, why: STUDY_WITHHELD };
  return { shown: true, seed: session.seed };
}

/** Whether a study session's seed may be shown to everyone now (every table has ended). */
export async function revealStudySeed(tables: TableService, study: Study): Promise<SeedReveal> {
  return (await studyOver(tables, study))
    ? { shown: true, seed: study.seed }
    : { shown: false, why: STUDY_WITHHELD };
}
