/**
 * Every group's hooks in one place. Screens import their group's own file (`../api/auth`)
 * instead, so a page downloads only the schemas of the groups it calls.
 */
export { bodySchemaOf, createApi } from './create-api'
export type { ApiMeta } from './create-api'
export { systemApi } from './system'
export { authApi } from './auth'
export { membersApi } from './members'
export { leadsApi } from './leads'
export { supportApi } from './support'
export { notesApi } from './notes'
export { contentApi } from './content'
export { eventsApi } from './events'
