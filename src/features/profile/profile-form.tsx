import { Avatar, Button, Field, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'

import { updateProfileBodySchema, type Profile } from '@schemas/members'
import { membersApi } from '@/api/members'
import { FormAlert, TextAreaField, TextField } from '@/components/form-fields'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'

import { photoProblem } from './photo-check'

const FIELDS = ['firstName', 'lastName', 'phone', 'address', 'username', 'note'] as const
type TextKey = (typeof FIELDS)[number]

/**
 * The spec's profile form. A photo is saved as soon as it is chosen (or removed), on its own; the
 * text fields are saved with the form's button.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form, setForm] = useState(() => pick(profile))
  const [preview, setPreview] = useState<string | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const profileKey = membersApi.profile.key({ params: { email: profile.email } })
  const save = membersApi.updateProfile.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }, _variables, _result, { client }) => {
      // The top bar reads this query: its name and photo change at once.
      client.setQueryData(profileKey, { data })
      setForm(pick(data))
      toast.success('Profile saved')
    },
  })
  const photoSave = membersApi.updateProfile.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }, { file }, _result, { client }) => {
      client.setQueryData(profileKey, { data })
      toast.success(file ? 'Photo saved' : 'Photo removed')
    },
    // The saved photo replaces the preview; a refused one leaves the photo as it was.
    onSettled: () => setPreview(null),
  })
  const server = serverErrorOf(save.error, [...FIELDS])
  const photoServer = serverErrorOf(photoSave.error, ['profilePhoto'])
  const photoError =
    errors.profilePhoto ?? photoServer.fields.profilePhoto ?? photoServer.form ?? undefined

  // Each preview URL is released when the next photo replaces it or the form goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])
  const savePhoto = (file: File | null) => {
    setPreview(file ? URL.createObjectURL(file) : null)
    photoSave.mutate({
      params: { email: profile.email },
      body: file ? { email: profile.email } : { email: profile.email, removePhoto: 'true' },
      file,
    })
  }

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const problem = photoProblem(file)
    if (problem) {
      setErrors((e) => ({ ...e, profilePhoto: problem }))
      return
    }
    setErrors((e) => ({ ...e, profilePhoto: undefined }))
    savePhoto(file)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = updateProfileBodySchema.safeParse({ ...form, email: profile.email })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors((e) => ({ profilePhoto: e.profilePhoto }))
    save.mutate({ params: { email: profile.email }, body: parsed.data, file: null })
  }

  const shownPhoto = preview ?? (photoSave.isPending ? null : profile.photoUrl)
  const name = [form.firstName, form.lastName].filter(Boolean).join(' ') || profile.email
  const text = (key: TextKey, label: string, autoComplete: string, type = 'text') => (
    <TextField
      label={label}
      name={key}
      type={type}
      autoComplete={autoComplete}
      value={form[key]}
      onValueChange={(value) => setForm((current) => ({ ...current, [key]: value }))}
      error={errors[key] ?? server.fields[key]}
    />
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="5">
        {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
        <Field.Root invalid={Boolean(photoError)}>
          <Field.Label>Profile photo</Field.Label>
          <Flex gap="4" align="center" wrap="wrap">
            <Avatar.Root boxSize="20">
              <Avatar.Fallback name={name} />
              {shownPhoto ? <Avatar.Image src={shownPhoto} alt="Your profile photo" /> : null}
            </Avatar.Root>
            <Stack gap="2">
              <Flex gap="2" wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => fileInput.current?.click()}
                  loading={photoSave.isPending && photoSave.variables?.file != null}
                  loadingText="Saving photo"
                  disabled={photoSave.isPending}
                >
                  {shownPhoto ? 'Change photo' : 'Upload photo'}
                </Button>
                {profile.photoUrl ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => savePhoto(null)}
                    loading={photoSave.isPending && photoSave.variables?.file == null}
                    loadingText="Removing photo"
                    disabled={photoSave.isPending}
                  >
                    Remove photo
                  </Button>
                ) : null}
              </Flex>
              <Text fontSize="xs" color="fg.muted">
                JPEG, PNG or WebP, at most 5 MB: saved as soon as you choose it.
              </Text>
            </Stack>
            <input
              ref={fileInput}
              type="file"
              hidden
              name="profilePhoto"
              aria-label="Profile photo file"
              accept="image/jpeg,image/png,image/webp"
              onChange={pickPhoto}
            />
          </Flex>
          {photoError ? <Field.ErrorText>{photoError}</Field.ErrorText> : null}
        </Field.Root>
        <TextField
          label="E-mail"
          name="email"
          value={profile.email}
          onValueChange={() => {}}
          readOnly
          helperText="Change it in “Change e-mail” below."
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('firstName', 'First name', 'given-name')}
          {text('lastName', 'Last name', 'family-name')}
          {text('username', 'Username', 'username')}
          {text('phone', 'Phone', 'tel', 'tel')}
        </SimpleGrid>
        {text('address', 'Address', 'street-address')}
        <TextAreaField
          label="Note"
          name="note"
          rows={3}
          value={form.note}
          onValueChange={(value) => setForm((current) => ({ ...current, note: value }))}
          error={errors.note ?? server.fields.note}
        />
        <Button type="submit" alignSelf="start" loading={save.isPending} loadingText="Saving…">
          Save profile
        </Button>
      </Stack>
    </form>
  )
}

function pick(profile: Profile): Record<TextKey, string> {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    address: profile.address,
    username: profile.username,
    note: profile.note,
  }
}
