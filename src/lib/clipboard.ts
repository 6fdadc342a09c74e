import { toast } from './toast'

/** Puts text on the clipboard and says so; browsers without clipboard access get the reason. */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(`${what} copied`)
  } catch {
    toast.error(`Your browser did not allow copying. Select the ${what.toLowerCase()} and copy it.`)
  }
}
