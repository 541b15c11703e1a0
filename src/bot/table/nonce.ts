/** Nonces: each post the bot owes a channel is sent with one, so Discord drops a second copy. */
/**
 * The nonce of one post: the session (its first 12 characters: ids are 12 hex digits), what is
 * posted (`a` announcements from entry n, `b` the board of revision n, `d` debrief part n, `t`
 * the closing line of team thread n) and a part number. At most 25 characters, as Discord allows.
 */
export function nonceFor(sid: string, kind: 'a' | 'b' | 'd' | 't', n: number, part = 0): string {
  return `${sid.slice(0, 12)}:${kind}${n.toString(36)}${part ? `.${part.toString(36)}` : ''}`;
}
