import { instagramBios } from '@schemas/instagram'

import { createApi } from './create-api'

const { templates, ...bios } = instagramBios

/** A member's saved bios; a save refreshes these, not the templates. */
export const instagramBiosApi = createApi('instagramBios', bios)

/** The bio templates: the same for every member, fetched once. */
export const bioTemplatesApi = createApi('bioTemplates', { templates })
