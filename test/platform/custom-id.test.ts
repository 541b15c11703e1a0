import { describe, expect, it } from 'vitest';
import { actionHash, decodeRoute, encodeRoute, fromAnotherServer } from '../../src/bot/kernel/custom-id.ts';
import { newSessionId } from '../../src/bot/table/table-lifecycle.ts';

describe('custom_id routes', () => {
  it.each([
    {
      kind: 'a',
      sid: 'abcd1234',
      version: 12,
      scope: 'm',
      index: 3,
      hash: actionHash({ type: 'add', n: 2 }),
    },
    { kind: 'v', sid: 'abcd1234' },
    { kind: 'l', sid: 'abcd1234', op: 'join' },
    { kind: 'e', sid: 'abcd1234', op: 'confirm' },
    { kind: 'r', sid: 'abcd1234', page: 13 },
  ] as const)('GIVEN route $kind THEN it survives the round trip and fits in 100 characters', (route) => {
    const id = encodeRoute(route);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(decodeRoute(id)).toEqual(route);
  });

  it.each([
    '',
    'x|abcd1234',
    'a|abcd1234|1|p|0',
    'a|ABCD|1|p|0|zz',
    'a|abcd1234|-1|p|0|zz',
    'a|abcd1234|1|q|0|zz',
    'l|abcd1234|explode',
    'a|abcd1234|1|p|0|zz|extra',
    'r|abcd1234|0',
    'r|abcd1234|02',
    'r|abcd1234|1000',
    'r|abcd1234| 2',
    'r|abcd1234|2.0',
    'r|abcd1234',
  ])('GIVEN a tampered custom_id %j THEN it is refused', (id) => {
    expect(decodeRoute(id)).toBeNull();
  });

  it('GIVEN two different actions THEN their fingerprints differ; the same action always gives the same one', () => {
    expect(actionHash({ type: 'add', n: 1 })).not.toBe(actionHash({ type: 'add', n: 2 }));
    expect(actionHash({ type: 'add', n: 1 })).toBe(actionHash({ type: 'add', n: 1 }));
  });

  it('GIVEN game ids made on two servers THEN each is recognised as foreign on the other; ids made before the tag are never judged', () => {
    const a = newSessionId('111111111111111111');
    const b = newSessionId('222222222222222222');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(fromAnotherServer(a, '111111111111111111')).toBe(false);
    expect(fromAnotherServer(a, '222222222222222222')).toBe(true);
    expect(fromAnotherServer(b, '111111111111111111')).toBe(true);
    expect(fromAnotherServer('abcdef012345', '222222222222222222')).toBe(false);
  });
});
