import { Table, Text } from '@chakra-ui/react'

import { AREAS, type AreaKey } from '@schemas/access'
import { MAX_LEVEL } from '@schemas/momentum'
import { leaderboardApi } from '@/api/leaderboard'
import { SelectInput } from '@/components/select-field'
import { Card, PanelError, PanelSkeleton } from '@/components/ui'
import { toast } from '@/lib/toast'

const LEVELS = [
  { value: '', label: 'Not by level' },
  ...Array.from({ length: MAX_LEVEL - 1 }, (_, i) => ({
    value: String(i + 2),
    label: `At level ${i + 2}`,
  })),
]

/**
 * Areas opened by a level: a member who reaches it gets the area, as if granted here (and the
 * audit log says so); those already at it get it at once. Free areas are every new member's.
 */
export function LevelUnlocks() {
  const query = leaderboardApi.areaUnlocks.useQuery()
  const set = leaderboardApi.setAreaUnlock.useMutation({
    onSuccess: (_, { body }) =>
      toast.success(
        body.level
          ? `${AREAS.find((a) => a.key === body.area)!.label} now opens at level ${body.level}`
          : `${AREAS.find((a) => a.key === body.area)!.label} no longer opens by level`,
      ),
  })
  const levelOf = (area: AreaKey) => query.data?.data.find((u) => u.area === area)?.level ?? null
  return (
    <Card title="Areas opened by level">
      <Text color="fg.muted" fontSize="sm" mb="3">
        Members earn points for completed lessons, passed knowledge checks and likes in the
        community. A member who reaches the level gets the area; members already there get it as
        soon as you choose.
      </Text>
      {query.isPending ? (
        <PanelSkeleton label="Loading the areas opened by level" rows={4} />
      ) : query.isError ? (
        <PanelError
          message={`The areas opened by level could not be loaded: ${query.error.message}`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Area</Table.ColumnHeader>
              <Table.ColumnHeader w="44">Opens</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {AREAS.filter((a) => !a.free).map((area) => (
              <Table.Row key={area.key}>
                <Table.Cell>{area.label}</Table.Cell>
                <Table.Cell>
                  <SelectInput
                    size="sm"
                    aria-label={`${area.label} opens`}
                    value={String(levelOf(area.key) ?? '')}
                    options={LEVELS}
                    onValueChange={(value) =>
                      set.mutate({
                        body: { area: area.key, level: value === '' ? null : Number(value) },
                      })
                    }
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  )
}
