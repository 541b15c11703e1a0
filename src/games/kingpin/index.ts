/** Kingpin: The Hunt for El Chapo. */
export { kingpin, RULES_SUMMARY } from './engine.ts';
export type { KingpinEngine } from './engine.ts';
export type { KpAction, KpOptions, KpState } from './types.ts';
export type { KpView } from './view.ts';
