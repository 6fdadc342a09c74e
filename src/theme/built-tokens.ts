import snapshot from './generated/tokens.json?raw'
import { formatCssVar, restoreTokens, type TokenSnapshot } from './token-snapshot'

/**
 * Chakra's token dictionary as `npm run theme:generate` wrote it down, read back (see
 * token-snapshot.ts); the system's dictionary is filled from it (system.ts). The start-up reads
 * it back in a step of its own (src/main.tsx), before the step that builds the system. Parsed
 * from text: JSON.parse starts quicker than the same object written as code.
 */
export default restoreTokens(JSON.parse(snapshot) as TokenSnapshot, formatCssVar)
