import { Avatar, Button, Field, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'

import { toast } from '../../lib/toast'
import { type Profile, updateProfileBodySchema } from '../../../api-schemas/members'
import { membersApi } from '../../api/members'
import { FormAlert, TextAreaField, TextField } from '../../components/form-fields'
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '../../lib/form-errors'
import { photoProblem } from './photo-check'

const FIELDS = ['firstName', 'lastName', 'phone', 'address', 'username', 'note'] as const
type TextKey = (typeof FIELDS)[number]

/** The spec's profile form; the photo travels with the text fields as one multipart request. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form, setForm] = useState(() => pick(profile))
  const [photo, setPhoto] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [removePhoto, setRemovePhoto] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const save = membersApi.updateProfile.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }, _variables, _result, { client }) => {
      // The top bar reads this query: its name and photo change at once.
      client.setQueryData(membersApi.profile.key({ params: { email: profile.email } }), { data })
      choosePhoto(null)
      setRemovePhoto(false)
      setForm(pick(data))
      toast.success('Profile saved')
    },
  })
  const server = serverErrorOf(save.error, [...FIELDS, 'profilePhoto'])

  // Each preview URL is released when the next photo replaces it or the form goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])
  const choosePhoto = (file: File | null) => {
    setPhoto(file)
    setPreview(file ? URL.createObjectURL(file) : null)
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
    choosePhoto(file)
    setRemovePhoto(false)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = updateProfileBodySchema.safeParse({
      ...form,
      email: profile.email,
      removePhoto: removePhoto ? 'true' : undefined,
    })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    save.mutate({ params: { email: profile.email }, body: parsed.data, file: photo })
  }

  const shownPhoto = preview ?? (removePhoto ? null : profile.photoUrl)
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
        <Field.Root invalid={Boolean(errors.profilePhoto ?? server.fields.profilePhoto)}>
          <Field.Label>Profile photo</Field.Label>
          <Flex gap="4" align="center" wrap="wrap">
            <Avatar.Root boxSize="20">
              <Avatar.Fallback name={name} />
              {shownPhoto ? <Avatar.Image src={shownPhoto} alt="Your profile photo" /> : null}
            </Avatar.Root>
            <Stack gap="2">
              <Flex gap="2" wrap="wrap">
                <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                  {shownPhoto ? 'Change photo' : 'Upload photo'}
                </Button>
                {shownPhoto ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      choosePhoto(null)
                      setRemovePhoto(Boolean(profile.photoUrl))
                    }}
                  >
                    Remove photo
                  </Button>
                ) : null}
              </Flex>
              <Text fontSize="xs" color="fg.muted">
                {photo
                  ? `${photo.name} is shown as a preview until you save.`
                  : removePhoto
                    ? 'The photo is removed when you save.'
                    : 'JPEG, PNG or WebP, at most 5 MB.'}
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
          {(errors.profilePhoto ?? server.fields.profilePhoto) ? (
            <Field.ErrorText>{errors.profilePhoto ?? server.fields.profilePhoto}</Field.ErrorText>
          ) : null}
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
