import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Field,
  Flex,
  NativeSelect,
  Portal,
  RadioGroup,
  Slider,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useId } from 'react'

import { localeOptions } from '@/lib/locales-list'
import { toast } from '@/lib/toast'
import {
  RADIUS_MAX,
  RADIUS_MIN,
  THEME_NAMES,
  useAppearance,
  type Direction,
  type Mode,
  type ThemeName,
} from '@/stores/appearance'
import { colourThemes } from '@/theme/themes'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="3">
      <Text as="h3" fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      {children}
    </Stack>
  )
}

function OptionGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(e) => e.value && onChange(e.value as T)}
      aria-label={label}
    >
      <Flex gap="3">
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            flex="1"
            justifyContent="center"
            py="3"
            borderWidth="1px"
            borderColor="border"
            rounded="l2"
            cursor="pointer"
            _checked={{ borderColor: 'primary.solid', bg: 'primary.subtle', color: 'primary.fg' }}
            _focusWithin={{ outline: '2px solid', outlineColor: 'primary.focusRing' }}
          >
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemText fontWeight="medium">{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  )
}

/** Every appearance setting, applied as it changes and kept across reloads by the store. */
export function CustomizerPanel() {
  const s = useAppearance()
  const languageId = useId()
  return (
    <Stack gap="7">
      <Section title="Mode">
        <OptionGroup<Mode>
          label="Mode"
          value={s.activeMode}
          onChange={s.setMode}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
        />
      </Section>

      <Section title="Direction">
        <OptionGroup<Direction>
          label="Direction"
          value={s.activeDir}
          onChange={s.setDir}
          options={[
            { value: 'ltr', label: 'Left to right' },
            { value: 'rtl', label: 'Right to left' },
          ]}
        />
      </Section>

      <Section title="Colour theme">
        <RadioGroup.Root
          value={s.activeTheme}
          onValueChange={(e) => e.value && s.setTheme(e.value as ThemeName)}
          aria-label="Colour theme"
        >
          <Box display="grid" gridTemplateColumns="repeat(3, 1fr)" gap="3">
            {THEME_NAMES.map((name) => {
              const theme = colourThemes[name][s.activeMode]
              return (
                <RadioGroup.Item
                  key={name}
                  value={name}
                  flexDirection="column"
                  gap="2"
                  py="3"
                  borderWidth="1px"
                  borderColor="border"
                  rounded="l2"
                  cursor="pointer"
                  _checked={{ borderColor: 'fg', bg: 'bg.muted' }}
                  _focusWithin={{ outline: '2px solid', outlineColor: 'primary.focusRing' }}
                >
                  <RadioGroup.ItemHiddenInput />
                  <Flex
                    aria-hidden="true"
                    boxSize="32px"
                    rounded="full"
                    overflow="hidden"
                    transform="rotate(45deg)"
                  >
                    <Box flex="1" bg={theme.primary.main} />
                    <Box flex="1" bg={theme.secondary.main} />
                  </Flex>
                  <RadioGroup.ItemText fontSize="sm">
                    {colourThemes[name].label}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              )
            })}
          </Box>
        </RadioGroup.Root>
      </Section>

      <Slider.Root
        min={RADIUS_MIN}
        max={RADIUS_MAX}
        step={1}
        value={[s.borderRadius]}
        onValueChange={(e) => s.setBorderRadius(e.value[0] ?? s.borderRadius)}
        gap="3"
      >
        <Flex justify="space-between">
          <Slider.Label fontWeight="semibold" fontSize="sm">
            Corner radius
          </Slider.Label>
          {/* Kept left to right so "7 px" does not read "px 7" in a right-to-left page. */}
          <Slider.ValueText dir="ltr" fontSize="sm" color="fg.muted">
            {s.borderRadius} px
          </Slider.ValueText>
        </Flex>
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
      </Slider.Root>

      <Field.Root gap="3">
        <Field.Label htmlFor={languageId} fontWeight="semibold" fontSize="sm">
          Language
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={languageId}
            value={s.isLanguage}
            onChange={(e) => s.setLanguage(e.currentTarget.value)}
          >
            {localeOptions.map((option) => (
              <option key={option.key} value={option.key}>
                {option.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          Translates the labels of pagination, rating, autocomplete, breadcrumb and alert controls.
          The rest of the interface stays English.
        </Field.HelperText>
      </Field.Root>

      <Button
        variant="outline"
        onClick={() => {
          s.reset()
          toast.success('Appearance reset to defaults')
        }}
      >
        Reset to defaults
      </Button>
    </Stack>
  )
}

/** The customizer's panel in a drawer from the end side, opened by `CustomizerButton`. */
export default function CustomizerDrawer({
  open,
  onClose,
}: {
  open: boolean
  onClose: () => void
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose()
      }}
      placement="end"
      size="sm"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="bg.panel">
            <Drawer.Header borderBottomWidth="1px" borderColor="border">
              <Drawer.Title>Customize</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="6">
              <CustomizerPanel />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close customizer" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
