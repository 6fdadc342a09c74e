import { QrCode } from '@chakra-ui/react'

/** The authenticator-app QR code; loaded only when a member sets up two-step verification. */
export function TotpQr({ value }: { value: string }) {
  return (
    <QrCode.Root value={value} size="xl" encoding={{ ecc: 'M' }} bg="white" p="2" borderRadius="l2">
      <QrCode.Frame aria-label="QR code for your authenticator app" role="img">
        <QrCode.Pattern />
      </QrCode.Frame>
    </QrCode.Root>
  )
}
