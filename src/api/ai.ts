import { ai } from '@schemas/ai'

import { createApi } from './create-api'

const { status, history, generation, removeGeneration, chat, clearChat } = ai

/** The AI tools' plain calls; the three streamed ones (write, translate, ask) go through `streamEvents`. */
export const aiApi = createApi('ai', {
  status,
  history,
  generation,
  removeGeneration,
  chat,
  clearChat,
})
