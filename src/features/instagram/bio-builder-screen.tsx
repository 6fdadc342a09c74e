import {
  Button,
  Field,
  Fieldset,
  Flex,
  Grid,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'

import { BIO_LINK_MAX, PROFILE_NAME_MAX } from '@schemas/instagram'
import { lockedPanelFor } from '@/components/area-gate'
import { FormError, TextField } from '@/components/form-fields'
import { Screen } from '@/components/screen'
import { SelectField } from '@/components/select-field'
import { Card, ConfirmDialog, PanelQuery } from '@/components/ui'
import { copyText } from '@/lib/clipboard'

import { BIO_MAX, isNiche, NICHE_OPTIONS } from './bio-text'
import { ProfilePreview } from './profile-preview'
import { SavedBios } from './saved-bios'
import { TemplatePicker } from './template-picker'
import { useBioBuilder } from './use-bio-builder'

/** The Instagram bio builder: templates, an editor counting as Instagram does, a preview, saved bios. */
export function BioBuilderScreen() {
  return (
    <Screen title="Instagram bio" area="instagram">
      <BioBuilder />
    </Screen>
  )
}

function BioBuilder() {
  const builder = useBioBuilder()
  const { form, editing, over, blanks } = builder

  const locked = lockedPanelFor(builder.templates.error)
  if (locked) return locked

  const heading = editing ? 'Edit your bio' : 'Write your bio'

  return (
    <Stack gap="6">
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="6"
        alignItems="start"
      >
        <Card title={heading}>
          <form onSubmit={builder.submit} noValidate aria-label={heading}>
            <Stack gap="4">
              <Text color="fg.muted" fontSize="sm">
                Pick a template below, or write your own.
              </Text>
              <FormError message={form.formError} />
              <TextField
                label="Profile name"
                maxLength={PROFILE_NAME_MAX}
                autoComplete="off"
                {...form.field('name')}
                helperText={`Shown in bold above your bio, up to ${PROFILE_NAME_MAX} characters.`}
              />
              <Field.Root invalid={Boolean(builder.bioError)} required>
                <Field.Label>
                  Bio
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea
                  ref={builder.controlRef('bio')}
                  name="bio"
                  rows={5}
                  resize="vertical"
                  value={form.values.bio}
                  onChange={(event) => form.setValue('bio', event.target.value)}
                />
                <Field.HelperText
                  display="flex"
                  justifyContent="space-between"
                  gap="3"
                  width="full"
                >
                  <span>Line breaks count 1, emoji 2, as on Instagram.</span>
                  <Text
                    as="span"
                    flexShrink={0}
                    fontWeight={over ? 'semibold' : undefined}
                    color={over ? 'fg.error' : undefined}
                    fontVariantNumeric="tabular-nums"
                    data-testid="bio-counter"
                  >
                    {`${builder.length} / ${BIO_MAX}`}
                    <Text as="span" srOnly>
                      {' '}
                      characters
                    </Text>
                  </Text>
                </Field.HelperText>
                {builder.bioError ? <Field.ErrorText>{builder.bioError}</Field.ErrorText> : null}
              </Field.Root>
              {blanks.length > 0 ? (
                <Fieldset.Root
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="l2"
                  p="3"
                  minW="0"
                >
                  <Fieldset.Legend px="1">Fill in the template</Fieldset.Legend>
                  <Fieldset.HelperText>
                    Each field takes the place of its word in curly braces.
                  </Fieldset.HelperText>
                  <Fieldset.Content>
                    <SimpleGrid columns={{ base: 1, sm: blanks.length > 1 ? 2 : 1 }} gap="3">
                      {blanks.map((blank) => (
                        <Field.Root key={blank.key}>
                          <Field.Label>{blank.label}</Field.Label>
                          <Input
                            ref={builder.controlRef(blank.key)}
                            name={blank.key}
                            maxLength={80}
                            autoComplete="off"
                            value={builder.values[blank.key]}
                            onChange={(event) => builder.fillBlank(blank.key, event.target.value)}
                          />
                          <Field.HelperText>{`${blank.help}; replaces ${blank.token}.`}</Field.HelperText>
                        </Field.Root>
                      ))}
                    </SimpleGrid>
                  </Fieldset.Content>
                </Fieldset.Root>
              ) : null}
              <TextField
                label="Link"
                type="url"
                inputMode="url"
                maxLength={BIO_LINK_MAX}
                autoComplete="url"
                dir="ltr"
                {...form.field('link')}
                helperText="The page your link in bio opens, starting with https://"
              />
              <SelectField
                label="Niche"
                name="niche"
                value={form.values.niche}
                onValueChange={(value) => form.setValue('niche', isNiche(value) ? value : '')}
                error={form.errorOf('niche')}
                options={[{ value: '', label: 'No particular niche' }, ...NICHE_OPTIONS]}
              />
              <Flex gap="2" wrap="wrap" justify="flex-end">
                {editing || builder.dirty ? (
                  <Button variant="ghost" onClick={builder.startOver}>
                    New bio
                  </Button>
                ) : null}
                {editing ? (
                  <Button
                    variant="outline"
                    disabled={over}
                    loading={builder.creating}
                    onClick={() => builder.save('new')}
                  >
                    Save as new bio
                  </Button>
                ) : null}
                <Button
                  type="submit"
                  disabled={over}
                  loading={editing ? builder.updating : builder.creating}
                  loadingText="Saving…"
                >
                  {editing ? 'Save changes' : 'Save bio'}
                </Button>
              </Flex>
            </Stack>
          </form>
        </Card>
        <Card
          title="Preview"
          action={
            <Button
              size="sm"
              variant="outline"
              disabled={builder.finalBio.trim() === ''}
              onClick={() => void copyText(builder.finalBio.trim(), 'Bio')}
            >
              Copy bio
            </Button>
          }
        >
          <ProfilePreview name={form.values.name} bio={builder.finalBio} link={form.values.link} />
        </Card>
      </Grid>
      <Card title="Start from a template">
        <TemplatePicker
          niche={builder.templateNiche}
          onNicheChange={builder.setTemplateNiche}
          onUse={builder.applyTemplate}
        />
      </Card>
      <Card title="Saved bios">
        <PanelQuery query={builder.me} loading="Loading your saved bios">
          {(me) => (
            <SavedBios
              memberId={me.id}
              editingId={editing?.id ?? null}
              onEdit={builder.editSaved}
              onDeleted={builder.onDeleted}
            />
          )}
        </PanelQuery>
      </Card>
      <ConfirmDialog
        open={builder.asking}
        title="Replace what is in the editor?"
        description="Your changes to the bio in the editor are not saved and will be lost."
        confirmLabel="Replace"
        onCancel={builder.cancelReplace}
        onConfirm={builder.confirmReplace}
      />
    </Stack>
  )
}
