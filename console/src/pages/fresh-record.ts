/**
 * The query options of every edit form: the record is read afresh each time a form opens and
 * forgotten when it closes. A copy kept from an earlier form would be drawn at once and then
 * replaced by the background read (Refine resets the form when its data changes), wiping what
 * was typed meanwhile and sending a version newer than the one the person saw, so a change
 * someone else made in between would be saved over instead of answered with a 409.
 */
export const FRESH_RECORD = { gcTime: 0 } as const;
