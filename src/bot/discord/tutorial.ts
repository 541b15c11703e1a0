/**
 * Tutorial tables on Discord (issue #18): the board's step line ("🎓 Step 2 of 6 … Next: …"),
 * and the **Hint** button of the newcomer's private view (answered in hint.ts). The tutorials
 * themselves (steps, deal, hint) are pure data and functions in src/games/tutorial/.
 */
import { ButtonBuilder } from '@discordjs/builders';
import { ButtonStyle } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import { findTutorial } from '../../games/index.ts';
import { stepContext, tutorialStep, type Tutorial } from '../../games/tutorial/index.ts';
import type { Session } from '../../storage/session.ts';
import { encodeRoute } from '../kernel/custom-id.ts';

export const HINT_LABEL = 'Hint';

export function tutorialOf(session: Pick<Session, 'tutorial'>): Tutorial | undefined {
  return session.tutorial === undefined ? undefined : findTutorial(session.tutorial);
}

/** The tutorial's fixed deal, spread into the engine's setup arguments. */
export function arrangementOf(session: Pick<Session, 'tutorial'>): { arrangement?: unknown } {
  const tutorial = tutorialOf(session);
  return tutorial && tutorial.arrangement !== undefined ? { arrangement: tutorial.arrangement } : {};
}

/** The one person at a tutorial table: the first seat no computer plays. */
function newcomerOf(session: Session): string | undefined {
  return session.seats.find((s) => !s.computer)?.id;
}

/** The board's tutorial lines: the concept of the current step and what to do next (public). */
export function tutorialLines(engine: AnyEngine, session: Session): string | undefined {
  const tutorial = tutorialOf(session);
  const seat = newcomerOf(session);
  if (!tutorial || !seat || session.state === null) return undefined;
  const now = tutorialStep(tutorial, stepContext(engine, session.state, seat));
  const head = `🎓 **Tutorial, step ${now.index + 1} of ${now.total}: ${now.step.title}.** ${now.step.teach}`;
  if (session.status !== 'playing' || now.complete)
    return `${head}\n🎓 Tutorial complete. \`/game help game:${engine.id}\` has the full rules; \`/game start game:${engine.id}\` opens a real table.`;
  const terms = now.step.glossary.length
    ? ` (glossary: ${now.step.glossary.map((t) => `\`/game glossary term:${t}\``).join(', ')})`
    : '';
  return `${head}${terms}\n👉 **Next:** ${now.step.next} Unsure? **My view** → **${HINT_LABEL}**.`;
}

/** The Hint button of the newcomer's private view. */
export function hintButton(session: Session): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeRoute({ kind: 'h', sid: session.id }))
    .setLabel(HINT_LABEL)
    .setStyle(ButtonStyle.Success);
}

/** Whether a private view of this session offers the Hint button. */
export const offersHint = (session: Session): boolean =>
  session.status === 'playing' && tutorialOf(session) !== undefined;
