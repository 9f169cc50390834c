/** The help topics of /docs, in reading order; each is `docs.{key}.title` and `docs.{key}.body` in the messages, so a site can override them. */
export const DOC_TOPICS = ['signing-in', 'columns', 'editing', 'searching', 'notifications'] as const;
