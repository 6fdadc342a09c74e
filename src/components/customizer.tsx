import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Field,
  Flex,
  Portal,
  RadioGroup,
  Slider,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useId } from 'react'

import { SelectInput } from '@/components/select-field'
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

const LANGUAGES = localeOptions.map((option) => ({ value: option.key, label: option.name }))

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

/** A setting chosen among tiles, under its heading, which also names the group. */
function ChoiceSection<T extends string>({
  title,
  value,
  onChange,
  children,
}: {
  title: string
  value: T
  onChange: (value: T) => void
  children: React.ReactNode
}) {
  return (
    <Section title={title}>
      <RadioGroup.Root
        value={value}
        onValueChange={(e) => e.value && onChange(e.value as T)}
        aria-label={title}
      >
        {children}
      </RadioGroup.Root>
    </Section>
  )
}

/** One choice of a ChoiceSection: a bordered tile, ringed while its radio has the focus. */
function Tile({ value, children, ...style }: RadioGroup.ItemProps & { value: string }) {
  return (
    <RadioGroup.Item
      value={value}
      py="3"
      borderWidth="1px"
      borderColor="border"
      rounded="l2"
      cursor="pointer"
      _focusWithin={{ outline: '2px solid', outlineColor: 'primary.focusRing' }}
      {...style}
    >
      <RadioGroup.ItemHiddenInput />
      {children}
    </RadioGroup.Item>
  )
}

/** A setting of a few named values, as a row of equal tiles. */
function OptionGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <ChoiceSection title={label} value={value} onChange={onChange}>
      <Flex gap="3">
        {options.map((option) => (
          <Tile
            key={option.value}
            value={option.value}
            flex="1"
            justifyContent="center"
            _checked={{ borderColor: 'primary.solid', bg: 'primary.subtle', color: 'primary.fg' }}
          >
            <RadioGroup.ItemText fontWeight="medium">{option.label}</RadioGroup.ItemText>
          </Tile>
        ))}
      </Flex>
    </ChoiceSection>
  )
}

const MODES: { value: Mode; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

const DIRECTIONS: { value: Direction; label: string }[] = [
  { value: 'ltr', label: 'Left to right' },
  { value: 'rtl', label: 'Right to left' },
]

/** Every appearance setting, applied as it changes and kept across reloads by the store. */
export function CustomizerPanel() {
  const s = useAppearance()
  const languageId = useId()
  return (
    <Stack gap="7">
      <OptionGroup label="Mode" value={s.activeMode} onChange={s.setMode} options={MODES} />
      <OptionGroup label="Direction" value={s.activeDir} onChange={s.setDir} options={DIRECTIONS} />

      <ChoiceSection<ThemeName> title="Colour theme" value={s.activeTheme} onChange={s.setTheme}>
        <Box display="grid" gridTemplateColumns="repeat(3, 1fr)" gap="3">
          {THEME_NAMES.map((name) => {
            const theme = colourThemes[name][s.activeMode]
            return (
              <Tile
                key={name}
                value={name}
                flexDirection="column"
                gap="2"
                _checked={{ borderColor: 'fg', bg: 'bg.muted' }}
              >
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
                <RadioGroup.ItemText fontSize="sm">{colourThemes[name].label}</RadioGroup.ItemText>
              </Tile>
            )
          })}
        </Box>
      </ChoiceSection>

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
        <SelectInput
          id={languageId}
          value={s.isLanguage}
          onValueChange={s.setLanguage}
          options={LANGUAGES}
        />
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
