import { HStack, List, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import {
  accounts,
  CSV_MAX_BYTES,
  NETWORK_LABELS,
  type CsvImportResult,
  type Network,
} from '@schemas/earnings'
import { resetEarningsCache } from '@/api/earnings'
import { FileButton } from '@/components/file-button'
import { FormAlert } from '@/components/form-fields'
import { upload } from '@/lib/upload'

import { memberFields, reloadAccounts } from './account-cache'
import { ImportProgress } from './import-progress'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Why a chosen file cannot be sent, checked before any upload. */
export function csvProblem(file: File): string | null {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv'
  if (!csv) return 'Choose a CSV file (.csv).'
  if (file.size === 0) return 'The file is empty.'
  if (file.size > CSV_MAX_BYTES) {
    return `The file is ${megabytes(file.size)}; at most ${megabytes(CSV_MAX_BYTES)} can be imported.`
  }
  return null
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Imports the network's own CSV export: upload progress, then what was added, skipped, rejected. */
export function CsvImport({
  network,
  memberId,
  connected,
}: {
  network: Network
  memberId: string | undefined
  connected: boolean
}) {
  const client = useQueryClient()
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const [result, setResult] = useState<{ file: string; summary: CsvImportResult } | null>(null)
  const label = NETWORK_LABELS[network]

  const send = useMutation({
    mutationKey: ['accounts', 'importCsv'],
    meta: { errorToast: false },
    mutationFn: (file: File) =>
      upload(
        accounts.importCsv,
        { params: { network }, body: memberFields(memberId), file },
        { onProgress: setProgress },
      ),
    onMutate: () => {
      setProgress(0)
      setResult(null)
    },
    onSuccess: async ({ data }, file) => {
      setResult({ file: file.name, summary: data })
      await reloadAccounts(client, memberId)
      if (data.added > 0) await resetEarningsCache(client)
    },
  })

  const pick = (file: File) => {
    const found = csvProblem(file)
    setProblem(found)
    if (found) return
    send.mutate(file)
  }

  const summary = result?.summary
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <FileButton
          variant="outline"
          loading={send.isPending}
          loadingText="Uploading"
          disabled={!connected}
          inputLabel={`${label} CSV file`}
          accept=".csv,text/csv"
          onFile={pick}
        >
          Import a CSV file
        </FileButton>
        <Text fontSize="sm" color="fg.muted">
          {connected
            ? `A transactions export from ${label}, at most ${megabytes(CSV_MAX_BYTES)}. Rows already stored are skipped.`
            : `Save the account first to import its CSV export.`}
        </Text>
      </HStack>
      {send.isPending ? (
        <ImportProgress done={progress} step={progress < 1 ? 'Uploading' : 'Importing the rows'} />
      ) : null}
      {problem ? <FormAlert status="error">{problem}</FormAlert> : null}
      {send.isError ? <FormAlert status="error">{send.error.message}</FormAlert> : null}
      {result && summary ? (
        <FormAlert
          status={summary.rejected > 0 ? 'warning' : 'success'}
          title={`Imported ${result.file}`}
        >
          <Stack gap="2">
            <Text>
              {summary.added} added, {summary.duplicates} skipped as duplicates, {summary.rejected}{' '}
              rejected
            </Text>
            {summary.rejections.length > 0 ? (
              <List.Root ps="5" gap="0.5" aria-label="Rejected rows">
                {summary.rejections.map((r) => (
                  <List.Item key={`${r.line}-${r.reason}`}>
                    Line {r.line}: {r.reason}
                  </List.Item>
                ))}
              </List.Root>
            ) : null}
            {summary.rejected > summary.rejections.length ? (
              <Text fontSize="sm">
                and {plural(summary.rejected - summary.rejections.length, 'more row')} not listed.
              </Text>
            ) : null}
          </Stack>
        </FormAlert>
      ) : null}
    </Stack>
  )
}
