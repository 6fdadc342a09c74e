import { Box, type SystemStyleObject } from '@chakra-ui/react'
import { memo } from 'react'

/** The prose's look: one object, so a render of the page around it does not restyle it. */
const PROSE: SystemStyleObject = {
  '& h2': {
    fontSize: { base: 'xl', md: '2xl' },
    fontWeight: 'semibold',
    lineHeight: '1.3',
    marginTop: '2em',
    marginBottom: '0.6em',
    scrollMarginTop: '90px',
  },
  '& h3': {
    fontSize: { base: 'lg', md: 'xl' },
    fontWeight: 'semibold',
    marginTop: '1.6em',
    marginBottom: '0.5em',
    scrollMarginTop: '90px',
  },
  '& p, & ul, & ol, & blockquote, & table, & pre': { marginBottom: '1em' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { marginBottom: '0.35em' },
  '& a': { color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& a:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.solid',
    outlineOffset: '2px',
  },
  '& strong': { fontWeight: 'semibold' },
  '& blockquote': {
    borderInlineStartWidth: '4px',
    borderColor: 'primary.solid',
    bg: 'primary.subtle',
    paddingInline: '1em',
    paddingBlock: '0.6em',
    borderRadius: 'l2',
  },
  '& blockquote > :last-child': { marginBottom: 0 },
  '& code': {
    fontFamily: 'mono',
    fontSize: '0.9em',
    bg: 'bg.muted',
    paddingInline: '0.3em',
    borderRadius: 'sm',
    overflowWrap: 'anywhere',
  },
  '& pre': { bg: 'bg.muted', padding: '1em', borderRadius: 'l2', overflowX: 'auto' },
  '& pre code': { bg: 'transparent', padding: 0 },
  '& table': {
    display: 'block',
    overflowX: 'auto',
    maxWidth: '100%',
    borderCollapse: 'collapse',
    fontSize: 'sm',
  },
  '& th, & td': {
    borderWidth: '1px',
    borderColor: 'border',
    paddingInline: '0.75em',
    paddingBlock: '0.4em',
    textAlign: 'start',
    verticalAlign: 'top',
  },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
  '& hr': { marginBlock: '2em', borderColor: 'border' },
}

/**
 * Lesson HTML as the server rendered it from Markdown (raw HTML escaped, links checked there),
 * styled as readable prose: a measure of about 72 characters, clear headings, tables that scroll
 * sideways on a phone instead of widening the page.
 */
export const LessonBody = memo(function LessonBody({ html }: { html: string }) {
  return (
    <Box
      className="lesson-body"
      maxW="72ch"
      fontSize={{ base: 'md', md: 'lg' }}
      lineHeight="1.75"
      css={PROSE}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
})
