import { courses } from '../../api-schemas/courses'
import { createApi } from './create-api'

export const coursesApi = createApi('courses', courses)
