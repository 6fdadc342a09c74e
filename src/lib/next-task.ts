/** Gives the main thread back to the browser: it paints and handles input before going on. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
