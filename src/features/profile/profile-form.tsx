import { Avatar, Button, Field, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

import { updateProfileBodySchema, type Profile } from '@schemas/members'
import { membersApi } from '@/api/members'
import { FileButton } from '@/components/file-button'
import { FormError, TextAreaField, TextField } from '@/components/form-fields'
import { callErrorAt, useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

import { photoProblem } from './photo-check'

type TextKey = keyof ReturnType<typeof pick>

/**
 * The spec's profile form. A photo is saved as soon as it is chosen (or removed), on its own; the
 * text fields are saved with the form's button.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [preview, setPreview] = useState<string | null>(null)
  const [photoMessage, setPhotoMessage] = useState<string>()
  const profileKey = membersApi.profile.key({ params: { email: profile.email } })
  const save = membersApi.updateProfile.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }, _variables, _result, { client }) => {
      // The top bar reads this query: its name and photo change at once.
      client.setQueryData(profileKey, { data })
      form.reset(pick(data))
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
  const form = useContractForm({
    schema: updateProfileBodySchema,
    initial: () => pick(profile),
    toInput: (values) => ({ ...values, email: profile.email }),
    onSubmit: (body) => save.mutate({ params: { email: profile.email }, body, file: null }),
    error: save.error,
  })
  const photoError = photoMessage ?? callErrorAt(photoSave.error, 'profilePhoto')

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

  const pickPhoto = (file: File) => {
    const problem = photoProblem(file)
    setPhotoMessage(problem ?? undefined)
    if (!problem) savePhoto(file)
  }

  const shownPhoto = preview ?? (photoSave.isPending ? null : profile.photoUrl)
  const name =
    [form.values.firstName, form.values.lastName].filter(Boolean).join(' ') || profile.email
  const text = (key: TextKey, label: string, autoComplete: string, type = 'text') => (
    <TextField label={label} type={type} autoComplete={autoComplete} {...form.field(key)} />
  )

  return (
    <form onSubmit={form.submit} noValidate aria-label="Profile">
      <Stack gap="5">
        <FormError message={form.formError} />
        <Field.Root invalid={Boolean(photoError)}>
          <Field.Label>Profile photo</Field.Label>
          <Flex gap="4" align="center" wrap="wrap">
            <Avatar.Root boxSize="20">
              <Avatar.Fallback name={name} />
              {shownPhoto ? <Avatar.Image src={shownPhoto} alt="Your profile photo" /> : null}
            </Avatar.Root>
            <Stack gap="2">
              <Flex gap="2" wrap="wrap">
                <FileButton
                  size="sm"
                  variant="outline"
                  loading={photoSave.isPending && photoSave.variables?.file != null}
                  loadingText="Saving photo"
                  disabled={photoSave.isPending}
                  inputName="profilePhoto"
                  inputLabel="Profile photo file"
                  accept="image/jpeg,image/png,image/webp"
                  onFile={pickPhoto}
                >
                  {shownPhoto ? 'Change photo' : 'Upload photo'}
                </FileButton>
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
        <TextAreaField label="Note" rows={3} {...form.field('note')} />
        <Button type="submit" alignSelf="start" loading={save.isPending} loadingText="Saving…">
          Save profile
        </Button>
      </Stack>
    </form>
  )
}

/** The profile's text fields, as the form edits them. */
function pick(profile: Profile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    address: profile.address,
    username: profile.username,
    note: profile.note,
  }
}
