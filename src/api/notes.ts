import { notes } from '@schemas/notes'

import { createApi } from './create-api'

export const notesApi = createApi('notes', notes)
