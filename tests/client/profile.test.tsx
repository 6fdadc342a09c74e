import { fireEvent, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, onTestFinished } from 'vitest'

import { contract } from '@schemas/index'
import type { Profile } from '@schemas/members'
import { photoProblem } from '@/features/profile/photo-check'

import { freshToken, makeCurrent, makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

/** PUT /updateprofile as multipart: the text fields and whether a photo came along. */
function updateProfileHandler(
  profile: Profile,
  seen: { fields?: Record<string, string>; photo?: boolean },
) {
  return http.put('/api/updateprofile/:email', async ({ request }) => {
    const form = await request.formData()
    const fields: Record<string, string> = {}
    let photo = false
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value
      else if (name === 'profilePhoto') photo = true
    }
    seen.fields = fields
    seen.photo = photo
    if (fields.username === 'taken') {
      return HttpResponse.json({ message: 'username: This username is taken' }, { status: 409 })
    }
    Object.assign(profile, {
      firstName: fields.firstName ?? profile.firstName,
      lastName: fields.lastName ?? profile.lastName,
      username: fields.username ?? profile.username,
      photoUrl: photo
        ? '/api/photos/11111111-1111-4111-8111-111111111111'
        : fields.removePhoto === 'true'
          ? null
          : profile.photoUrl,
    })
    return HttpResponse.json({ data: profile })
  })
}

describe('/admin/updateprofile', () => {
  it('shows a spinner, then the form filled from the profile', async () => {
    storeSession()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      handle(contract.members.profile, async () => {
        await gate
        return { data: { data: makeProfile({ phone: '+49 30 1234' }) } }
      }),
      handle(contract.auth.current, () => ({ data: makeCurrent() })),
    )
    const { screen } = await renderApp('/admin/updateprofile')
    expect(await screen.findByRole('status', { name: 'Loading your profile' })).toBeTruthy()
    release()
    const form = await screen.findByRole('form', { name: 'Profile' })
    expect((within(form).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Mia')
    expect((within(form).getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+49 30 1234')
    expect((within(form).getByLabelText(/^E-mail/) as HTMLInputElement).readOnly).toBe(true)
  })

  it('does not crash when the profile fails, and retries', async () => {
    storeSession()
    let fail = true
    server.use(
      handle(contract.members.profile, () =>
        fail ? { status: 500, message: 'Profile store down' } : { data: { data: makeProfile() } },
      ),
      handle(contract.auth.current, () => ({ data: makeCurrent() })),
    )
    const { screen, user } = await renderApp('/admin/updateprofile')
    expect(await screen.findByText('Profile store down')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('form', { name: 'Profile' })).toBeTruthy()
  })

  it('saves a photo as soon as it is chosen, and the fields with the form, each updating the top bar', async () => {
    storeSession()
    const profile = makeProfile()
    const seen: { fields?: Record<string, string>; photo?: boolean } = {}
    server.use(...memberHandlers(profile), updateProfileHandler(profile, seen))
    const { screen, user } = await renderApp('/admin/updateprofile')
    const form = await screen.findByRole('form', { name: 'Profile' })
    const first = within(form).getByLabelText(/^First name/)
    await user.clear(first)
    await user.type(first, 'Maya')
    const png = new File(['png'], 'me.png', { type: 'image/png' })
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = () => 'blob:preview'
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke })
    })
    // The photo goes at once, alone: the name typed but not saved stays in the form, unsent.
    await user.upload(within(form).getByLabelText('Profile photo file'), png)
    expect(await screen.findByText('Photo saved')).toBeTruthy()
    expect(seen.photo).toBe(true)
    expect(seen.fields).toEqual({ email: 'member@example.com' })
    expect(profile.photoUrl).not.toBeNull()
    expect((first as HTMLInputElement).value).toBe('Maya')
    expect(await within(form).findByRole('button', { name: 'Remove photo' })).toBeTruthy()

    await user.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Profile saved')).toBeTruthy()
    expect(seen.fields).toMatchObject({ firstName: 'Maya', email: 'member@example.com' })
    expect(seen.photo).toBe(false)
    expect(await screen.findByRole('button', { name: 'Maya Member, account menu' })).toBeTruthy()

    // Removing it is saved at once too.
    await user.click(within(form).getByRole('button', { name: 'Remove photo' }))
    expect(await screen.findByText('Photo removed')).toBeTruthy()
    expect(seen.fields).toEqual({ email: 'member@example.com', removePhoto: 'true' })
    expect(profile.photoUrl).toBeNull()
    await waitFor(() =>
      expect(within(form).queryByRole('button', { name: 'Remove photo' })).toBeNull(),
    )
  })

  it('refuses a photo of the wrong type before sending', async () => {
    storeSession()
    server.use(...memberHandlers())
    const { screen } = await renderApp('/admin/updateprofile')
    const form = await screen.findByRole('form', { name: 'Profile' })
    const gif = new File(['gif'], 'me.gif', { type: 'image/gif' })
    // Past the picker's accept list, as a drop or an old browser would deliver it.
    fireEvent.change(within(form).getByLabelText('Profile photo file'), {
      target: { files: [gif] },
    })
    expect(await within(form).findByText('Choose a JPEG, PNG or WebP picture')).toBeTruthy()
    expect(photoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Choose a picture of at most 5 MB',
    )
    expect(photoProblem({ type: 'image/webp', size: 10 })).toBeNull()
  })

  it('puts a "field: message" answer next to its field', async () => {
    storeSession()
    const profile = makeProfile()
    server.use(...memberHandlers(profile), updateProfileHandler(profile, {}))
    const { screen, user } = await renderApp('/admin/updateprofile')
    const form = await screen.findByRole('form', { name: 'Profile' })
    const username = within(form).getByLabelText(/^Username/)
    await user.clear(username)
    await user.type(username, 'taken')
    await user.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await within(form).findByText('This username is taken')).toBeTruthy()
  })

  it('changes the e-mail with the current password and follows it in storage', async () => {
    storeSession()
    let profile = makeProfile()
    let url: URL | undefined
    let body: unknown
    server.use(
      handle(contract.members.profile, ({ params }) =>
        params.email === profile.email
          ? { data: { data: profile } }
          : { status: 404, message: 'Member not found' },
      ),
      handle(contract.auth.current, () => ({ data: makeCurrent({ email: profile.email }) })),
      handle(contract.members.updateEmail, (request) => {
        url = request.url
        body = request.body
        profile = { ...profile, email: 'mia@example.com' }
        return {
          data: {
            data: {
              id: profile.id,
              email: profile.email,
              role: profile.role,
              firstName: profile.firstName,
              lastName: profile.lastName,
              areas: profile.areas,
              createdAt: profile.createdAt,
            },
          },
        }
      }),
    )
    const { screen, user } = await renderApp('/admin/updateprofile')
    const form = await screen.findByRole('form', { name: 'Change e-mail' })
    await user.type(within(form).getByLabelText(/^New e-mail/), 'mia@example.com')
    await user.type(within(form).getByLabelText(/^Current password/), 'Member#2026')
    await user.click(within(form).getByRole('button', { name: 'Change e-mail' }))
    expect(await screen.findByText('Your e-mail address is now mia@example.com')).toBeTruthy()
    expect(url?.searchParams.get('oldEmail')).toBe('member@example.com')
    expect(url?.searchParams.get('newEmail')).toBe('mia@example.com')
    expect(body).toEqual({ currentPassword: 'Member#2026' })
    expect(JSON.parse(localStorage.getItem('email')!)).toEqual({ email: 'mia@example.com' })
    expect(await screen.findByText('Current address: mia@example.com')).toBeTruthy()
    expect(screen.queryByText('Member not found')).toBeNull()
  })

  it('changes the password and stores the new token', async () => {
    storeSession()
    const token = freshToken('member-1b')
    server.use(
      ...memberHandlers(),
      handle(contract.auth.changePassword, ({ body }) =>
        body.currentPassword === 'Member#2026'
          ? { data: { token } }
          : { status: 400, message: 'currentPassword: The current password is wrong' },
      ),
    )
    const { screen, user } = await renderApp('/admin/updateprofile')
    const form = await screen.findByRole('form', { name: 'Change password' })
    await user.type(within(form).getByLabelText(/^Current password/), 'wrong')
    await user.type(within(form).getByLabelText(/^New password/), 'Brand#new2026')
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'Brand#new2026')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('The current password is wrong')).toBeTruthy()
    const current = within(form).getByLabelText(/^Current password/)
    await user.clear(current)
    await user.type(current, 'Member#2026')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeTruthy()
    expect(localStorage.getItem('authToken')).toBe(token)
  })

  it('sets up two-step verification: QR code and secret, then a code turns it on', async () => {
    storeSession()
    const profile = makeProfile()
    let enabledWith: unknown
    server.use(
      ...memberHandlers(profile),
      handle(contract.auth.totpSetup, () => ({
        data: {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Members%20Area:member@example.com?secret=JBSWY3DPEHPK3PXP',
          },
        },
      })),
      handle(contract.auth.totpEnable, ({ body }) => {
        enabledWith = body
        profile.twoFactorEnabled = true
        return { data: { data: { message: 'Two-step verification is on' } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/updateprofile')
    const form = await screen.findByRole('form', { name: 'Two-step verification' })
    await user.type(within(form).getByLabelText(/^Current password/), 'Member#2026')
    await user.click(within(form).getByRole('button', { name: 'Set up two-step verification' }))
    expect(await within(form).findByText('JBSWY3DPEHPK3PXP')).toBeTruthy()
    expect(
      await within(form).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy()
    await user.type(within(form).getByLabelText(/^6-digit code/), '123456')
    await user.click(within(form).getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('Two-step verification is on')).toBeTruthy()
    expect(enabledWith).toEqual({ password: 'Member#2026', code: '123456' })
    await waitFor(() =>
      expect(
        within(form).getByRole('button', { name: 'Turn off two-step verification' }),
      ).toBeTruthy(),
    )
  })
})
