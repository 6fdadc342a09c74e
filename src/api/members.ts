import { members } from '../../api-schemas/members'
import { createApi } from './create-api'

export const membersApi = createApi('members', members)
