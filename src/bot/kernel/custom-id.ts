/**
 * Every component the bot sends carries its route in the custom_id: which session (and which
 * version of it) it belongs to and what it does. Clicks are parsed back through zod, so a
 * tampered or foreign custom_id is refused instead of trusted.
 *
 *   a|<sid>|<ver>|<scope>|<index>|<hash>   game button or select
 *   f|<sid>|<ver>|<scope>|<index>|<hash>   game button that opens a form (modal), and its submit
 *   v|<sid>                                 "My view"
 *   h|<sid>                                 "Hint" in a tutorial's private view
 *   r|<sid>|<page>                          a page of the post-game review (◀ Previous / Next ▶)
 *   l|<sid>|<op>                            lobby controls
 *   e|<sid>|<op>                            end-game confirmation
 *   s|<study>|<op>                          a study session's facilitator controls
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

const SEP = '|';
const sid = z.string().regex(/^[a-z0-9]{4,16}$/);

/** p: the public board; m: the clicking player's private view. */
export const SCOPES = ['p', 'm'] as const;
export type Scope = (typeof SCOPES)[number];

export const LOBBY_OPS = [
  'join',
  'leave',
  'start',
  'cancel',
  'cpu',
  'nocpu',
  'team',
  'late',
  'rematch',
] as const;
export type LobbyOp = (typeof LOBBY_OPS)[number];

const actionRoute = z.object({
  kind: z.literal('a'),
  sid,
  version: z.coerce.number().int().nonnegative(),
  scope: z.enum(SCOPES),
  /** Position of the control in the panel when it was rendered. */
  index: z.coerce.number().int().nonnegative().max(99),
  /** Fingerprint of the control's action, so it can be found again if the panel moved on. */
  hash: z.string().regex(/^[a-z0-9]{1,8}$/),
});
/**
 * A form opener says so in its custom_id: a form must be the first answer to the click, so it
 * is the one control whose click reads the session before answering. Any other click is
 * acknowledged before the store is touched.
 */
const formRoute = actionRoute.extend({ kind: z.literal('f') });
const viewRoute = z.object({ kind: z.literal('v'), sid });
const hintRoute = z.object({ kind: z.literal('h'), sid });
/** Pages are counted from 1; a review has far fewer than 1,000. */
const reviewRoute = z.object({
  kind: z.literal('r'),
  sid,
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/)
    .transform(Number),
});
const lobbyRoute = z.object({ kind: z.literal('l'), sid, op: z.enum(LOBBY_OPS) });
const endRoute = z.object({ kind: z.literal('e'), sid, op: z.enum(['confirm', 'keep']) });

export const STUDY_OPS = ['view', 'start', 'fac', 'pause', 'resume', 'close', 'debrief', 'export'] as const;
export type StudyOp = (typeof STUDY_OPS)[number];
const studyRoute = z.object({ kind: z.literal('s'), sid, op: z.enum(STUDY_OPS) });

export const routeSchema = z.discriminatedUnion('kind', [
  actionRoute,
  formRoute,
  viewRoute,
  hintRoute,
  reviewRoute,
  lobbyRoute,
  endRoute,
  studyRoute,
]);
export type Route = z.infer<typeof routeSchema>;
export type ActionRoute = z.infer<typeof actionRoute> | z.infer<typeof formRoute>;

const FIELDS: Record<Route['kind'], string[]> = {
  a: ['sid', 'version', 'scope', 'index', 'hash'],
  f: ['sid', 'version', 'scope', 'index', 'hash'],
  v: ['sid'],
  h: ['sid'],
  r: ['sid', 'page'],
  l: ['sid', 'op'],
  e: ['sid', 'op'],
  s: ['sid', 'op'],
};

export function encodeRoute(route: Route): string {
  const values = FIELDS[route.kind].map((f) => String((route as Record<string, unknown>)[f]));
  return [route.kind, ...values].join(SEP);
}

/** The route, or null when the custom_id is not one of ours or has been tampered with. */
export function decodeRoute(customId: string): Route | null {
  const [kind, ...parts] = customId.split(SEP);
  const fields = FIELDS[kind as Route['kind']] as string[] | undefined;
  if (!fields || parts.length !== fields.length) return null;
  const candidate: Record<string, unknown> = { kind };
  fields.forEach((f, i) => (candidate[f] = parts[i]));
  const parsed = routeSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** FNV-1a of the action's JSON, base 36: short and stable across processes. */
export function actionHash(action: unknown): string {
  const text = JSON.stringify(action);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * Four hex digits naming a server. Game and study ids end with their server's tag (16 characters
 * in all; ids made before the tag have 12 and are not checked), so a control used on another
 * server is recognised from its custom_id, before any store read.
 */
export const serverTag = (guildId: string): string =>
  createHash('sha256').update(guildId).digest('hex').slice(0, 4);

const TAGGED_ID_LENGTH = 16;

/** Whether a game or study id was made on another server than `guildId`. */
export const fromAnotherServer = (id: string, guildId: string | null): boolean =>
  guildId !== null && id.length === TAGGED_ID_LENGTH && id.slice(-4) !== serverTag(guildId);
