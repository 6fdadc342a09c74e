import { notes } from '../../api-schemas/notes'
import { createApi } from './create-api'

export const notesApi = createApi('notes', notes)
