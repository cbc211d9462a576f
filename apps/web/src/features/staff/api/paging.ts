/** The staff lists page by 10 on the server. */
export const STAFF_PAGE_SIZE = 10;

/** Evaluators and collaborators are users and assignment candidates: their lists change too. */
export const staffChangedKeys = [['users'], ['assignments']] as const;
