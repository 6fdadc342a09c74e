import { Box, Button, Code, Flex, Input, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'

import { leadsApi } from '@/api/leads'
import { guardQuery } from '@/components/query-guard'
import { Screen } from '@/components/screen'
import { Card, ConfirmDialog } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { toast } from '@/lib/toast'

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The form to paste on any web page. The `website` field is a trap for robots, kept out of
 * sight; the server ignores posts that fill it.
 */
export function formSnippet(action: string) {
  return `<form action="${escapeHtml(action)}" method="post">
  <label>Name <input type="text" name="name" required maxlength="120"></label>
  <label>E-mail <input type="email" name="email" required maxlength="254"></label>
  <div style="position:absolute;left:-10000px" aria-hidden="true">
    <label>Website <input type="text" name="website" tabindex="-1" autocomplete="off"></label>
  </div>
  <label><input type="checkbox" name="consent" value="on" required> I agree to be contacted by e-mail</label>
  <button type="submit">Sign me up</button>
</form>`
}

export function ViralLeadScreen() {
  return (
    <Screen
      title="Viral leads"
      crumbs={[{ label: 'Leads', to: '/admin/sheet/leads' }, { label: 'Opt-in link' }]}
      area="viralLeads"
    >
      <OptinLink />
    </Screen>
  )
}

function OptinLink() {
  const form = leadsApi.form.useQuery()
  const [confirming, setConfirming] = useState(false)
  const rotate = leadsApi.rotateForm.useMutation({
    onSuccess: () => {
      setConfirming(false)
      toast.success('New link ready. The old link and form no longer work.')
    },
    onError: () => setConfirming(false),
  })

  const shown = guardQuery(form, {
    loading: (
      <Stack gap="4" role="status" aria-label="Loading your opt-in link">
        <Skeleton height="32" />
        <Skeleton height="48" />
      </Stack>
    ),
    errorTitle: 'Your opt-in link could not be loaded',
  })
  if (!shown.ready) return shown.view

  const origin = window.location.origin
  const link = origin + shown.data.data.optinPath
  const snippet = formSnippet(origin + shown.data.data.captureAction)
  return (
    <Stack gap="6">
      <Card title="Your opt-in link">
        <Stack gap="3">
          <Text color="fg.muted">
            Share this link anywhere. Everyone who signs up through it appears in your{' '}
            <Link to="/admin/sheet/leads">leads</Link>.
          </Text>
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
            <Input
              readOnly
              value={link}
              aria-label="Opt-in link"
              onFocus={(event) => event.target.select()}
              dir="ltr"
            />
            <Button onClick={() => void copyText(link, 'Link')} flexShrink={0}>
              Copy link
            </Button>
            <Button asChild variant="outline" flexShrink={0}>
              <a href={link} target="_blank" rel="noreferrer">
                Open
              </a>
            </Button>
          </Flex>
        </Stack>
      </Card>
      <Card title="Form for your website">
        <Stack gap="3">
          <Text color="fg.muted">
            Paste this HTML into a page of your own site. Visitors who send it become leads, just
            like with the link.
          </Text>
          <Box position="relative">
            <Code
              as="pre"
              display="block"
              whiteSpace="pre-wrap"
              wordBreak="break-all"
              p="3"
              fontSize="xs"
              borderRadius="l2"
              dir="ltr"
              textAlign="left"
              aria-label="HTML form snippet"
              tabIndex={0}
            >
              {snippet}
            </Code>
          </Box>
          <Button alignSelf="start" onClick={() => void copyText(snippet, 'Form code')}>
            Copy form code
          </Button>
        </Stack>
      </Card>
      <Card title="Replace the link">
        <Stack gap="3" align="start">
          <Text color="fg.muted">
            If the link is being misused, replace it. The current link and every pasted form stop
            working at once; your leads stay.
          </Text>
          <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            Replace link
          </Button>
        </Stack>
      </Card>
      <ConfirmDialog
        open={confirming}
        title="Replace your opt-in link?"
        description="The current link and the forms pasted on your sites stop working. You will need to share the new link and paste the new form code."
        confirmLabel="Replace link"
        pending={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate()}
      />
    </Stack>
  )
}
