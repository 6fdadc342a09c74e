import { Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import type { Profile } from '@schemas/members'
import { momentumApi, useMomentum } from '@/api/momentum'
import { FormError } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { Card } from '@/components/ui'
import { toast } from '@/lib/toast'

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** Every time zone this browser knows, the member's own and the browser's among them. */
function zoneOptions(...own: (string | null)[]) {
  const zones = new Set(Intl.supportedValuesOf('timeZone'))
  for (const zone of own) if (zone) zones.add(zone)
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))
}

/**
 * Where the member's days begin: their streak counts days there, and all-day events in their
 * calendar feed fall on its dates. Taken from the browser at first, changed here.
 */
export function TimeZoneCard({ profile }: { profile: Profile }) {
  const momentum = useMomentum()
  const saved = momentum.data?.data.timeZone ?? profile.timeZone
  const [zone, setZone] = useState<string | null>(null)
  const chosen = zone ?? saved ?? browserZone()
  const save = momentumApi.momentumSettings.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      setZone(null)
      toast.success('Time zone saved')
    },
  })
  return (
    <Card title="Time zone">
      <Stack
        as="form"
        gap="3"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate({ body: { timeZone: chosen } })
        }}
      >
        <SelectField
          label="Your time zone"
          name="timeZone"
          value={chosen}
          onValueChange={setZone}
          options={zoneOptions(saved, browserZone())}
          helperText="Your learning streak counts the days of this time zone, and your calendar feed’s all-day events fall on its dates."
        />
        {saved && saved !== browserZone() ? (
          <Text fontSize="sm" color="fg.muted">
            This browser is in {browserZone().replaceAll('_', ' ')}.
          </Text>
        ) : null}
        <FormError message={save.error?.message} />
        <Button
          type="submit"
          alignSelf="start"
          colorPalette="primary"
          loading={save.isPending}
          disabled={chosen === saved}
        >
          Save time zone
        </Button>
      </Stack>
    </Card>
  )
}
