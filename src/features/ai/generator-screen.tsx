import { WriterScreen } from './writer-screen'

/** The free-form writer: any copy the member describes. */
export const GeneratorScreen = () => <WriterScreen tool="generator" />
