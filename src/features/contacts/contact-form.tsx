import { Avatar, Button, Field, Flex, SimpleGrid, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { z } from 'zod/mini'

import { CheckboxField } from '@/components/checkbox-field'
import { FileButton } from '@/components/file-button'
import { TextAreaField, TextField } from '@/components/form-fields'
import { useContractForm } from '@/lib/contract-form'
import { emptyContact, type ContactFields } from '@/stores/contacts'

import { fullName } from './contact-filters'

/** Pictures are kept in localStorage with the contacts, so they must stay small. */
export const CONTACT_IMAGE_MAX_BYTES = 200 * 1024

const contactFormSchema = z
  .object({
    firstname: z.string().check(z.trim(), z.maxLength(80, 'First name is at most 80 characters')),
    lastname: z.string().check(z.trim(), z.maxLength(80, 'Last name is at most 80 characters')),
    email: z.union([z.literal(''), z.email('Enter a valid e-mail address')]),
    phone: z
      .string()
      .check(
        z.trim(),
        z.maxLength(40, 'Phone is at most 40 characters'),
        z.regex(/^[0-9+()\-.\s]*$/, 'Phone may hold digits, spaces and + ( ) - . only'),
      ),
    company: z.string().check(z.trim(), z.maxLength(120, 'Company is at most 120 characters')),
    department: z
      .string()
      .check(z.trim(), z.maxLength(120, 'Department is at most 120 characters')),
    address: z.string().check(z.trim(), z.maxLength(300, 'Address is at most 300 characters')),
    notes: z.string().check(z.maxLength(5000, 'Notes are at most 5,000 characters')),
  })
  .check(
    z.refine((c) => c.firstname || c.lastname || c.email, {
      path: ['firstname'],
      message: 'Give at least a name or an e-mail address',
    }),
  )

type TextKey = 'firstname' | 'lastname' | 'email' | 'phone' | 'company' | 'department' | 'address'

/** Adding or editing one contact. */
export function ContactForm({
  initial = emptyContact,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: ContactFields
  submitLabel: string
  onSave: (fields: ContactFields) => void
  onCancel: () => void
}) {
  const form = useContractForm({
    schema: contactFormSchema,
    initial,
    onSubmit: (parsed, fields) => onSave({ ...fields, ...parsed }),
  })
  const [imageError, setImageError] = useState<string>()

  const pickImage = (file: File) => {
    if (!['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(file.type)) {
      setImageError('Choose a JPEG, PNG, WebP or GIF picture')
      return
    }
    if (file.size > CONTACT_IMAGE_MAX_BYTES) {
      setImageError('Choose a picture of at most 200 KB')
      return
    }
    const reader = new FileReader()
    reader.onload = () => {
      setImageError(undefined)
      form.setValue('image', String(reader.result))
    }
    reader.onerror = () => setImageError('The picture could not be read')
    reader.readAsDataURL(file)
  }

  /** Checking the fields again also clears the picture's message. */
  const submit = (event: FormEvent) => {
    setImageError(undefined)
    form.submit(event)
  }

  const text = (name: TextKey, label: string, type = 'text', autoComplete = 'off') => (
    <TextField label={label} type={type} autoComplete={autoComplete} {...form.field(name)} />
  )

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(imageError)}>
          <Field.Label>Picture</Field.Label>
          <Flex gap="3" align="center" wrap="wrap">
            <Avatar.Root size="lg">
              <Avatar.Fallback name={fullName(form.values)} />
              {form.values.image ? <Avatar.Image src={form.values.image} alt="" /> : null}
            </Avatar.Root>
            <FileButton
              size="sm"
              variant="outline"
              inputLabel="Contact picture"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onFile={pickImage}
            >
              Choose picture
            </FileButton>
            {form.values.image ? (
              <Button size="sm" variant="ghost" onClick={() => form.setValue('image', '')}>
                Remove picture
              </Button>
            ) : null}
          </Flex>
          {imageError ? <Field.ErrorText>{imageError}</Field.ErrorText> : null}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('firstname', 'First name', 'text', 'given-name')}
          {text('lastname', 'Last name', 'text', 'family-name')}
          {text('email', 'E-mail', 'email', 'email')}
          {text('phone', 'Phone', 'tel', 'tel')}
          {text('company', 'Company', 'text', 'organization')}
          {text('department', 'Department')}
        </SimpleGrid>
        {text('address', 'Address', 'text', 'street-address')}
        <TextAreaField label="Notes" rows={3} {...form.field('notes')} />
        <Flex gap="4" wrap="wrap">
          <CheckboxField
            label="Starred"
            checked={form.values.starred}
            onCheckedChange={(on) => form.setValue('starred', on)}
          />
          <CheckboxField
            label="Frequently contacted"
            checked={form.values.frequentlycontacted}
            onCheckedChange={(on) => form.setValue('frequentlycontacted', on)}
          />
        </Flex>
        <Flex gap="2">
          <Button type="submit">{submitLabel}</Button>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </Flex>
      </Stack>
    </form>
  )
}
