/** A JSON object as the REST routes read and write it. */
export type Json = Record<string, unknown>;
