/**
 * The role draft (rulebook 2.1 and 3, ruling R1): in seat order each analyst chooses a role
 * nobody holds, such that the table still ends with the Political, Military and Economic
 * Analysts, the Collection Analyst from four players on, and optional roles only from five.
 */
import { ROLES, type ColState, type RoleId } from './types.ts';

const OPTIONAL: readonly RoleId[] = ['leadership', 'stw', 'targeting'];

/** The roles every table of `n` must have. */
export const requiredRoles = (n: number): RoleId[] =>
  n >= 4 ? ['political', 'military', 'economic', 'collection'] : ['political', 'military', 'economic'];

export function legalRoles(state: ColState, seat: number): RoleId[] {
  const n = state.seats.length;
  const taken = new Set(state.seats.flatMap((s, i) => (i !== seat && s.role ? [s.role] : [])));
  const open = state.seats.filter((s, i) => i !== seat && s.role === null).length;
  const required = requiredRoles(n);
  const optionalTaken = [...taken].filter((r) => OPTIONAL.includes(r)).length;
  return ROLES.filter((r) => {
    if (taken.has(r)) return false;
    if (OPTIONAL.includes(r) && optionalTaken >= Math.max(0, n - 4)) return false;
    if (!required.includes(r) && !OPTIONAL.includes(r)) return false;
    const stillRequired = required.filter((q) => q !== r && !taken.has(q)).length;
    return stillRequired <= open;
  });
}
