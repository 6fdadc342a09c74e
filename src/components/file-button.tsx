import { Button, type ButtonProps } from '@chakra-ui/react'
import { useRef } from 'react'

/**
 * A button that opens the file chooser and hands over the file chosen. The input is emptied
 * each time, so the same file can be chosen again (after fixing it, say).
 */
export function FileButton({
  accept,
  inputLabel,
  inputName,
  onFile,
  ...button
}: {
  /** The kinds of file offered, as the input's `accept`. */
  accept: string
  /** The name the hidden file input is announced and found by. */
  inputLabel: string
  inputName?: string
  onFile: (file: File) => void
} & Omit<ButtonProps, 'onClick'>) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        hidden
        name={inputName}
        aria-label={inputLabel}
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onFile(file)
        }}
      />
    </>
  )
}
