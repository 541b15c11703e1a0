/** The **Hint** button of a tutorial's private view (issue #18): answered only to the clicker. */
import { MessageFlags } from 'discord.js';
import { hint, stepContext, tutorialStep } from '../../games/tutorial/index.ts';
import { holdsSeat } from '../../storage/session.ts';
import { actorFor } from '../discord/board.ts';
import type { ComponentInteraction } from '../discord/interaction.ts';
import { userError } from '../kernel/errors.ts';
import type { TableService } from '../table/service.ts';
import { tutorialOf } from '../discord/tutorial.ts';

/** A hint that names no control spells the move out (otherwise the control's label says it). */
const typed = (where: string): boolean => where.startsWith('type ');

/** A click on **Hint**: the suggested move, where to make it and why, only to the clicker. */
export async function answerHint(i: ComponentInteraction, sid: string, tables: TableService): Promise<void> {
  const session = await tables.require(i.channelId ?? '', sid);
  const tutorial = tutorialOf(session);
  if (!tutorial)
    throw userError('not-tutorial', 'Hints are given at tutorial tables only (`/game tutorial`).');
  if (!holdsSeat(session, i.user.id))
    throw userError(
      'not-a-player',
      `Only the newcomer playing this tutorial gets hints. Start your own with \`/game tutorial game:${session.gameId}\`.`,
    );
  if (session.status !== 'playing')
    throw userError('ended', 'This tutorial is over, so there is nothing left to hint at.');
  const engine = tables.engine(session.gameId);
  const seat = actorFor(session, i.user.id);
  const step = tutorialStep(tutorial, stepContext(engine, session.state, seat));
  const advice = hint(engine, session.state, seat, tutorial);
  const stepLine = `🎓 Step ${step.index + 1} of ${step.total}: ${step.step.title}.`;
  const content = advice
    ? `💡 **Hint:** ${advice.where}.${typed(advice.where) ? `\n**The move:** ${advice.move}` : ''}\n**Why:** ${advice.why}\n${stepLine}`
    : `💡 **Hint:** nothing for you to do right now; the game waits for the computer players (or the clock). Open **My view** again in a moment.\n${stepLine}`;
  await i.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}
