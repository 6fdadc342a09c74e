import { courses } from '@schemas/courses'

import { createApi } from './create-api'

export const coursesApi = createApi('courses', courses)
